import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';
import { TYPICAL_NAME, typicalCv } from '../server/src/test/typical-cv.ts';

/**
 * A filled CV in each of the ten templates and the ink-friendly layout: screenshots kept as
 * the README's template gallery (docs/templates/<id>.png), and A4 PDFs that run to several
 * pages without app chrome or split entries.
 */

// The README's gallery is refreshed on purpose (UPDATE_GALLERY=1); a normal run keeps the
// screenshots with the other test results so `npm test` leaves the tree clean.
const GALLERY = process.env.UPDATE_GALLERY ? 'docs/templates' : 'test-results/templates';
const FULL_NAME = TYPICAL_NAME;

/** Each template's own marker, so a screenshot can't silently show the wrong design. */
const TEMPLATES: Array<{ id: string; name: string; marker: (sheet: Locator) => Promise<void> }> = [
  {
    id: 'template01',
    name: 'Modern',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Professional Summary' })).toBeVisible();
      await expect(sheet.locator('svg').first()).toBeVisible();
    },
  },
  { id: 'template02', name: 'Clean', marker: heading('Profile') },
  { id: 'template03', name: 'Creative', marker: heading("Where I've worked") },
  { id: 'template04', name: 'Dark', marker: heading('Projects') },
  {
    id: 'template05',
    name: 'Tech',
    marker: async (sheet) => {
      await expect(sheet.locator('aside')).toBeVisible();
      await expect(sheet.locator('aside').getByRole('heading', { name: 'Skills' })).toBeVisible();
    },
  },
  {
    id: 'template06',
    name: 'Newspaper',
    marker: async (sheet) => {
      await expect(sheet.getByTestId('newspaper-date')).toHaveText(longDate(new Date()));
    },
  },
  {
    id: 'template07',
    name: 'Finance',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Core Competencies' })).toBeVisible();
      const bar = sheet.getByRole('img', { name: '4 out of 5' }).first();
      await expect(bar.getByTestId('rating-fill')).toHaveAttribute('style', /width: 80%/);
    },
  },
  {
    id: 'template08',
    name: 'Menu',
    marker: async (sheet) => {
      await expect(sheet.getByRole('heading', { name: 'Main Courses' })).toBeVisible();
      await expect(sheet.getByRole('img', { name: '3 out of 5' }).first()).toHaveText('★★★☆☆');
    },
  },
  { id: 'template09', name: 'Industrial', marker: summaryTitle },
  {
    id: 'template10',
    name: 'Agriculture',
    marker: async (sheet) => {
      await summaryTitle(sheet);
      await expect(sheet.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
      await expect(sheet.getByText('9403180123088')).toBeVisible();
    },
  },
];

function heading(name: string) {
  return async (sheet: Locator) => {
    await expect(sheet.getByRole('heading', { name })).toBeVisible();
  };
}

/** Templates 09, 10 and ink-friendly use the summary's first sentence as the CV title. */
async function summaryTitle(sheet: Locator) {
  await expect(
    sheet.getByText('Software developer with eight years of experience').first(),
  ).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/** "Saturday, 21 November 2026", as template 06 prints today's date. */
function longDate(d: Date): string {
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'long' });
  const month = d.toLocaleDateString('en-GB', { month: 'long' });
  return `${weekday}, ${d.getDate()} ${month} ${d.getFullYear()}`;
}

/** The CV, section key → entries, POSTed one by one; the PDF tests print the same CV. */
const CV = typicalCv();

/** A verified, signed-in user whose CV is filled through the section endpoints. */
async function signInWithFilledCv(page: Page): Promise<void> {
  const user = await createVerifiedUser(page, { fullName: FULL_NAME });
  await signIn(page, user.email, user.password);
  for (const [key, entries] of Object.entries(CV)) {
    for (const entry of entries) {
      const res = await page.request.post(`/api/${key}`, { data: entry });
      expect(res.ok(), `POST /api/${key}: ${res.status()} ${await res.text()}`).toBeTruthy();
    }
  }
}

/** Opens View CV in a template (saved on change) and returns the rendered CV sheet. */
async function openInTemplate(page: Page, id: string): Promise<Locator> {
  if (!page.url().endsWith('/app/view-cv')) await page.goto('/app/view-cv');
  const select = page.getByRole('combobox', { name: 'Template' });
  await expect(select).toBeVisible();
  if ((await select.inputValue()) !== id) {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/curriculum-vitae/template') && r.request().method() === 'PATCH',
    );
    await select.selectOption(id);
    expect((await saved).ok()).toBeTruthy();
  }
  return renderedSheet(page, id);
}

async function renderedSheet(page: Page, layout: string): Promise<Locator> {
  const sheet = page.locator(`[data-cv-layout="${layout}"]`);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 1, name: FULL_NAME })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return sheet;
}

test.describe('CV templates', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('a filled CV in each template and ink-friendly, kept as the gallery', async ({ page }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(GALLERY, { recursive: true });
    // The ink-friendly layout shows while printing; keep the print dialog from opening.
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signInWithFilledCv(page);
    await page.goto('/app/view-cv');
    await expect(page.getByText('Sample CV')).toHaveCount(0);

    for (const t of TEMPLATES) {
      const sheet = await openInTemplate(page, t.id);
      await t.marker(sheet);
      await expect(sheet.getByText('Bright Finance').first()).toBeVisible();
      await sheet.screenshot({ path: `${GALLERY}/${t.id}.png`, animations: 'disabled' });
    }

    await page.getByRole('button', { name: 'Print' }).click();
    await page.getByRole('button', { name: /Ink Friendly/ }).click();
    const ink = await renderedSheet(page, 'ink-friendly');
    await summaryTitle(ink);
    // Ratings as numbers, linkedin and website shown.
    await expect(ink.getByText('5/5').first()).toBeVisible();
    await expect(ink.getByText('linkedin.com/in/thandi-mokoena').first()).toBeVisible();
    await expect(ink.getByText('thandi.example.com').first()).toBeVisible();
    await ink.screenshot({ path: `${GALLERY}/ink-friendly.png`, animations: 'disabled' });
  });

  for (const id of ['template01', 'template05']) {
    test(`${id} prints to a multi-page A4 PDF without chrome or split entries`, async ({
      page,
    }) => {
      await signInWithFilledCv(page);
      await openInTemplate(page, id);

      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
      expect(pages.length).toBeGreaterThan(1);

      // Print media at the A4 printable width (210 mm minus the 12 mm margins, 96 dpi).
      const mm = 96 / 25.4;
      await page.setViewportSize({ width: Math.floor((210 - 24) * mm), height: 900 });
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('[data-print-hide]').first()).toBeHidden();
      await expect(page.getByRole('combobox', { name: 'Template' })).toBeHidden();
      expect(await visibleCount(page.getByRole('button'))).toBe(0);
      expect(
        await visibleCount(page.getByRole('link', { name: /Share CV|Back to dashboard/ })),
      ).toBe(0);

      const sheet = page.locator(`[data-cv-layout="${id}"]`);
      const pageHeight = (297 - 24) * mm;
      const entries = await sheet.locator('.cv-entry').evaluateAll((els) =>
        els.map((el) => ({
          text: (el.textContent ?? '').slice(0, 40),
          height: el.getBoundingClientRect().height,
          breakInside: getComputedStyle(el).breakInside,
        })),
      );
      expect(entries.length).toBeGreaterThan(10);
      for (const e of entries) {
        // An entry shorter than a page can always be kept whole, and print CSS asks for it.
        expect(e.height, e.text).toBeLessThan(pageHeight);
        expect(e.breakInside, e.text).toBe('avoid');
      }
      const headings = await sheet
        .locator('.cv-heading')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).breakAfter));
      expect(headings.length).toBeGreaterThan(3);
      for (const b of headings) expect(b).toBe('avoid');

      // Lay the printed sheet out in A4-sized columns: Chrome fragments it as it does pages,
      // so an entry split across a page boundary would span two columns. (Unlike print,
      // multicol keeps an overflow:hidden box whole, so the sheet clips instead.)
      const columns = await sheet.evaluate(
        (el, { width, height }) => {
          (el as HTMLElement).style.overflow = 'clip';
          Object.assign(el.parentElement!.style, {
            columnWidth: `${width}px`,
            columnGap: '0px',
            columnFill: 'auto',
            height: `${height}px`,
            width: `${width}px`,
          });
          const left = el.parentElement!.getBoundingClientRect().left;
          return Array.from(el.querySelectorAll('.cv-entry')).map((entry) => {
            const r = entry.getBoundingClientRect();
            return {
              text: (entry.textContent ?? '').slice(0, 40),
              first: Math.floor((r.left - left) / width),
              last: Math.floor((r.right - left - 1) / width),
              rects: entry.getClientRects().length,
            };
          });
        },
        { width: Math.floor((210 - 24) * mm), height: Math.floor(pageHeight) },
      );
      // The sheet did run over several "pages" (else the check proves nothing)…
      expect(new Set(columns.map((c) => c.first)).size).toBeGreaterThan(1);
      // …and every entry sits within one.
      expect(columns.filter((c) => c.first !== c.last || c.rects > 1)).toEqual([]);
    });
  }
});

async function visibleCount(locator: Locator): Promise<number> {
  let n = 0;
  for (const el of await locator.all()) if (await el.isVisible()) n += 1;
  return n;
}
