import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithTypicalCv } from './helpers.ts';
import { hexToRgb } from '../core/src/color.ts';
import type { CvDesign } from '../core/src/design.ts';
import { designVariables } from '../core/src/design-theme.ts';

/*
 * Issue 17, design controls: the Design tab sets the CV's accent, font, text size and spacing;
 * every template draws with them (View CV here, in two templates), they survive a reload, and
 * the fonts come from our own origin.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const CHOSEN: CvDesign = { accent: '#be123c', font: 'lora', size: 'medium', density: 'compact' };

/** `#rrggbb` as getComputedStyle answers it. */
const rgb = (hex: string) =>
  `rgb(${hexToRgb(hex)
    .map((v) => Math.round(v * 255))
    .join(', ')})`;

const signInWithCv = (page: Page) => signInWithTypicalCv(page, `Design Person ${Date.now()}`);

/** Every request the page makes that leaves our origin, and the font files it loads. */
function watchRequests(page: Page, origin: string) {
  const foreign: string[] = [];
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    if (r.resourceType() === 'font') fonts.push(r.url());
  });
  return { foreign, fonts };
}

/** What the sheet draws with: a computed style of the sheet or of its first `selector`. */
const computed = (sheet: Locator, selector: string | null, property: string) =>
  (selector ? sheet.locator(selector).first() : sheet).evaluate(
    (el, p) => getComputedStyle(el).getPropertyValue(p).trim(),
    property,
  );

/** Picks a choice as a person does: its radio buttons are drawn by their labels. */
const choose = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();

async function expectDesigned(sheet: Locator, layout: string, family: string, shade: number) {
  await expect(sheet).toHaveAttribute('data-cv-layout', layout);
  const expected = designVariables(CHOSEN, layout)[`--color-${family}-${shade}`]!;
  await expect.poll(() => computed(sheet, null, `--color-${family}-${shade}`)).toBe(expected);
  // Tailwind's classes read the variable: an element in that shade shows the accent's colour.
  await expect.poll(() => computed(sheet, `.text-${family}-${shade}`, 'color')).toBe(rgb(expected));
  expect(await computed(sheet, null, 'font-family')).toContain('Lora');
  expect(await computed(sheet, null, '--spacing')).toMatch(/^0?\.2125rem$/);
  // Lora's bold face has loaded (check() alone is true when no face matches at all).
  await expect
    .poll(() =>
      sheet.evaluate(() =>
        Array.from(document.fonts as unknown as Iterable<FontFace>).some(
          (f) =>
            f.family.replace(/['"]/g, '') === 'Lora' && f.weight === '700' && f.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
}

test('the Design tab sets accent, font and density; View CV shows them in two templates and after a reload', async ({
  page,
  baseURL,
}) => {
  // Three saves, an accessibility scan, two templates and a reload: long on a loaded machine.
  test.setTimeout(120_000);
  await signInWithCv(page);
  const { foreign, fonts } = watchRequests(page, baseURL!);

  await page.goto('/app/cv-builder?tab=design');
  await expect(page.getByRole('heading', { name: 'Design', level: 1 })).toBeVisible();
  await expect(page.getByTestId('contrast-note')).toContainText("template's own colours");

  const saved = (n: number) =>
    page
      .waitForResponse(
        (r) => r.url().endsWith('/api/curriculum-vitae/design') && r.request().method() === 'PUT',
        { timeout: 10_000 },
      )
      .then((r) => expect(r.status(), `save ${n}`).toBe(200));

  let save = saved(1);
  await choose(page, 'Crimson');
  await save;
  await expect(page.getByTestId('contrast-note')).toContainText('passes WCAG AA');
  save = saved(2);
  await choose(page, 'Lora');
  await save;
  save = saved(3);
  await choose(page, 'Compact');
  await save;
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The live preview beside the tab draws with it.
  const previewSheet = page.frameLocator('[data-preview-page="1"] iframe').locator('.cv-sheet');
  await expect(previewSheet).toHaveAttribute('data-cv-density', 'compact');
  await expect(previewSheet).toHaveAttribute('data-cv-font', 'lora');

  const axe = await new AxeBuilder({ page }).exclude('[data-preview-page]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await page.screenshot({ path: `${SHOTS}/design-tab-1280.png`, fullPage: true });

  // A light accent on white is made readable, and the tab says so.
  await page.getByLabel('Custom colour').fill('#facc15');
  await expect(page.getByTestId('contrast-note')).toContainText('nearest shade that passes');
  await choose(page, 'Crimson');
  await expect(page.getByTestId('contrast-note')).toContainText('passes WCAG AA');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/design-tab-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // View CV, template 01 (teal) and then template 04 (amber on dark).
  await page.goto('/app/view-cv');
  const sheet = page.locator('.cv-sheet');
  await expectDesigned(sheet, 'template01', 'teal', 700);
  await page.screenshot({ path: `${SHOTS}/view-template01.png`, fullPage: true });

  await page.getByLabel('Template').selectOption('template04');
  await expectDesigned(sheet, 'template04', 'amber', 400);
  await page.screenshot({ path: `${SHOTS}/view-template04.png`, fullPage: true });

  await page.reload();
  await expectDesigned(sheet, 'template04', 'amber', 400);

  await page.getByLabel('Template').selectOption('template08');
  await expectDesigned(sheet, 'template08', 'rose', 800);
  await page.screenshot({ path: `${SHOTS}/view-template08.png`, fullPage: true });

  // The monochrome templates take the accent as a tint of their greys.
  for (const [layout, family] of [
    ['template02', 'slate'],
    ['template06', 'stone'],
  ] as const) {
    await page.getByLabel('Template').selectOption(layout);
    await expect(sheet).toHaveAttribute('data-cv-layout', layout);
    const expected = designVariables(CHOSEN, layout)[`--color-${family}-700`]!;
    await expect.poll(() => computed(sheet, null, `--color-${family}-700`)).toBe(expected);
    await page.screenshot({ path: `${SHOTS}/view-${layout}.png`, fullPage: true });
  }

  // The server's PDF is drawn with the CV's font: the print page waited for it.
  const pdf = await page.request.get('/api/curriculum-vitae/pdf');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).toString('latin1')).toMatch(/\/BaseFont\s*\/[A-Z]{6}\+Lora/);

  // The fonts came from our origin, and nothing else left it.
  expect(fonts.some((f) => /lora-latin-700/.test(f))).toBe(true);
  expect(fonts.every((f) => f.startsWith(baseURL!))).toBe(true);
  expect(foreign).toEqual([]);
});
