import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';
import { typicalCv } from '../server/src/test/typical-cv.ts';

/*
 * Issue 17, live preview: the builder shows the CV beside the form, redrawn from what is typed
 * before any save, on pages of the CV's paper size that break where print breaks them; a
 * phone gets an Edit / Preview toggle.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
/**
 * How long the preview may take to show what was typed. Generous on purpose: tests assert
 * behaviour (the draft is drawn with no save made), not timings, which move with the machine.
 */
const LIVE_MS = 5_000;

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const pages = (page: Page) => page.locator('[data-preview-page]');
/** A page's words: each page draws the CV in a frame as wide as print's printable area. */
const pageText = (page: Page, n = 1) =>
  page.frameLocator(`[data-preview-page="${n}"] iframe`).locator('body');

async function signInAs(page: Page, fullName: string): Promise<void> {
  const user = await createVerifiedUser(page, { fullName });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

async function fillCv(page: Page): Promise<void> {
  for (const [key, entries] of Object.entries(typicalCv())) {
    for (const entry of entries) {
      const res = await page.request.post(`/api/${key}`, { data: entry });
      expect(res.ok(), `POST /api/${key}: ${res.status()} ${await res.text()}`).toBeTruthy();
    }
  }
}

/** Section writes the page sends (a save); the preview must need none. */
function watchSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/api\/(?!client-errors)/.test(r.url())) saves.push(r.url());
  });
  return saves;
}

/** Chromium's own page count for the CV printed as the server's PDF prints it. */
async function printedPages(page: Page, format: 'A4' | 'Letter'): Promise<number> {
  await page.goto('/app/view-cv');
  await expect(page.locator('.cv-sheet')).toBeVisible();
  const pdf = await page.pdf({ format, printBackground: true });
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

test('typing in a form redraws the preview without a save', async ({ page }) => {
  const name = `Preview Person ${Date.now().toString(36)}`;
  await signInAs(page, name);
  await page.goto('/app/cv-builder?tab=personalInfo');
  await expect(pages(page).first()).toBeVisible();
  const saves = watchSaves(page);

  const typed = `Nomvula Live ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Full name' }).fill(typed);
  await expect(pageText(page)).toContainText(typed, { timeout: LIVE_MS });
  const headline = 'Plant Manager';
  await page.getByRole('textbox', { name: 'Headline' }).fill(headline);
  await expect(pageText(page)).toContainText(headline, { timeout: LIVE_MS });

  // A list section: an entry being added shows before Add is pressed.
  await page.goto('/app/cv-builder?tab=skills');
  await expect(pages(page).first()).toBeVisible();
  const skill = `Kiln firing ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Skill', exact: true }).fill(skill);
  await expect(pageText(page)).toContainText(skill, { timeout: LIVE_MS });
  expect(saves).toEqual([]);

  // Cancel drops the draft: the preview shows what is stored again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(pageText(page)).not.toContainText(skill);
});

test('the preview breaks pages where print does, on the paper chosen for the CV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Paged Person');
  await fillCv(page);

  const printedA4 = await printedPages(page, 'A4');
  await page.goto('/app/cv-builder?tab=employmentHistory');
  await expect(pages(page).first()).toBeVisible();
  await expect(pages(page)).toHaveCount(printedA4);
  expect(printedA4).toBeGreaterThan(1);
  // A4 is 210 x 297 mm.
  const a4 = (await pages(page).first().boundingBox())!;
  expect(a4.height / a4.width).toBeCloseTo(297 / 210, 2);
  await expect(page.getByText(`${printedA4} pages on A4`)).toBeVisible();
  // No entry or heading is cut at a page's foot or head: each is whole on the page showing it.
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLIFrameElement>('[data-preview-page] iframe')).flatMap(
      (frame, i) => {
        const shown = frame.clientHeight;
        return Array.from(frame.contentDocument!.querySelectorAll('.cv-entry, .cv-heading'))
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.height > 0 && r.height < shown)
          .filter((r) => r.bottom > 1 && r.top < shown - 1)
          .filter((r) => r.top < -1 || r.bottom > shown + 1)
          .map((r) => `page ${i + 1}: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${shown}`);
      },
    ),
  );
  expect(cut).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/live-preview-1280.png` });
  await pages(page).nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/live-preview-1280-page2.png` });

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/curriculum-vitae/page-size') && r.request().method() === 'PUT',
  );
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('Letter');
  expect((await saved).ok()).toBeTruthy();
  await expect(async () => {
    const letter = (await pages(page).first().boundingBox())!;
    expect(letter.height / letter.width).toBeCloseTo(279.4 / 215.9, 2);
  }).toPass();

  // Stored on the CV: after a reload, and as the PDF's default paper.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('Letter');
  const cv = await (await page.request.get('/api/curriculum-vitae/data')).json();
  expect(cv.cv.pageSize).toBe('Letter');
  const printedLetter = await printedPages(page, 'Letter');
  await page.goto('/app/cv-builder?tab=employmentHistory');
  await expect(pages(page).first()).toBeVisible();
  await expect(pages(page)).toHaveCount(printedLetter);
});

test('the editor with its preview has no serious accessibility violation', async ({ page }) => {
  await signInAs(page, 'Axe Preview');
  await fillCv(page);
  await page.goto('/app/cv-builder?tab=employmentHistory');
  await expect(pages(page).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
});

test('on a phone a toggle shows the preview instead of the form, keeping what was typed', async ({
  page,
}) => {
  await signInAs(page, 'Phone Preview');
  await fillCv(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/app/cv-builder?tab=personalInfo');
  const field = page.getByRole('textbox', { name: 'Full name' });
  await expect(field).toBeVisible();
  await expect(pages(page)).toHaveCount(0);
  const typed = 'Thandeka Phone';
  await field.fill(typed);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(field).toBeHidden();
  await expect(pageText(page)).toContainText(typed);
  const box = (await pages(page).first().boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/live-preview-375-preview.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(field).toHaveValue(typed);
  await page.screenshot({ path: `${SHOTS}/live-preview-375-edit.png` });
});
