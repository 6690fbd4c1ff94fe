import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInWithTypicalCv } from './helpers.ts';

/*
 * Issue 17, sections arranged per CV: the builder's Layout tab reorders (keyboard and pointer),
 * hides and renames the CV's sections; the preview, View CV in several templates and a
 * reload follow.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const signInWithCv = (page: Page) => signInWithTypicalCv(page, 'Layout Person');

/** The rows' section names, top to bottom. */
const rowKeys = (page: Page) =>
  page
    .locator('[data-section-key]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-section-key')));

/** Waits for the arrangement save `action` causes; its stored body. */
async function saved(page: Page, action: () => Promise<void>) {
  const put = page.waitForResponse(
    (r) => r.url().endsWith('/api/curriculum-vitae/arrangement') && r.request().method() === 'PUT',
  );
  await action();
  const res = await put;
  expect(res.status()).toBe(200);
  return (await res.json()).arrangement as { order: string[]; hidden: string[]; titles: object };
}

/** True when the section leads the sections of its area (its column) on the sheet. */
const leadsItsArea = (page: Page, id: string) =>
  page
    .locator(`.cv-sheet [data-section="${id}"]`)
    .evaluate((el) => el.parentElement!.querySelector(':scope > [data-section]') === el);

test('reorder, hide and rename sections; every template, View CV and a reload follow', async ({
  page,
}) => {
  // Every template in turn: longer than the default on a loaded machine.
  test.setTimeout(120_000);
  await signInWithCv(page);
  await page.goto('/app/cv-builder?tab=layout');
  await expect(page.getByRole('heading', { level: 1, name: 'Layout' })).toBeVisible();
  const list = page.getByRole('list', { name: "Your CV's sections, in order" });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  const preview = page.frameLocator('[data-preview-page="1"] iframe').locator('body');
  await expect(preview).toContainText('Thandi Mokoena');

  // Keyboard: References from last to first.
  const before = await rowKeys(page);
  expect(before.at(-1)).toBe('reference');
  const moved = await saved(page, async () => {
    await page.getByRole('button', { name: 'Move References' }).focus();
    await page.keyboard.press('Space');
    const said = (text: string) => page.getByRole('status').filter({ hasText: text });
    await expect(said('Picked up References')).toBeAttached();
    // One step at a time, each once dnd-kit has announced it (it measures the rows again).
    for (let place = 11; place >= 1; place--) {
      await page.keyboard.press('ArrowUp');
      await expect(said(`References moved to position ${place} of 12.`)).toBeAttached();
    }
    await page.keyboard.press('Space');
  });
  expect(moved.order[0]).toBe('reference');
  expect((await rowKeys(page))[0]).toBe('reference');

  // Pointer: Languages dragged onto Skills' place.
  const skillsRow = page.locator('[data-section-key="skill"]');
  const handle = page.getByRole('button', { name: 'Move Languages' });
  await handle.scrollIntoViewIfNeeded();
  const dragged = await saved(page, async () => {
    const from = (await handle.boundingBox())!;
    const to = (await skillsRow.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + 8, { steps: 12 });
    await page.mouse.up();
  });
  expect(dragged.order.indexOf('language')).toBeLessThan(dragged.order.indexOf('skill'));

  // Hide Interests; rename Skills.
  const hidden = await saved(page, () =>
    page.getByRole('switch', { name: 'Show Interests on the CV' }).click(),
  );
  expect(hidden.hidden).toEqual(['interest']);
  await expect(page.getByRole('switch', { name: 'Show Interests on the CV' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const renamed = await saved(page, () =>
    page.getByRole('textbox', { name: 'Title of Skills' }).fill('Toolbox'),
  );
  expect(renamed.titles).toEqual({ skill: 'Toolbox' });
  await expect(preview.locator('[data-section="skills"] h2')).toContainText('Toolbox');
  await expect(preview.locator('[data-section="interests"]')).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/layout-tab-1280.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  for (const template of ['template01', 'template05', 'template09']) {
    const res = await page.request.patch('/api/curriculum-vitae/template', { data: { template } });
    expect(res.ok()).toBeTruthy();
    await page.goto('/app/view-cv');
    const sheet = page.locator('.cv-sheet');
    await expect(sheet).toHaveAttribute('data-cv-layout', template);
    await expect(sheet.locator('[data-section="skills"] h2')).toHaveText(/Toolbox/);
    await expect(sheet.locator('[data-section="interests"]')).toHaveCount(0);
    expect(await leadsItsArea(page, 'references'), template).toBe(true);
    await page.screenshot({ path: `${SHOTS}/layout-${template}.png`, fullPage: true });
  }

  // A reload of the tab shows what was saved.
  await page.goto('/app/cv-builder?tab=layout');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title of Skills' })).toHaveValue('Toolbox');
  await expect(page.getByRole('switch', { name: 'Show Interests on the CV' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const after = await rowKeys(page);
  expect(after[0]).toBe('reference');
  expect(after.indexOf('language')).toBeLessThan(after.indexOf('skill'));

  // A phone: the tab is one link away and the rows fit.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/app/cv-builder?tab=personalInfo');
  await page
    .getByRole('navigation', { name: 'Whole CV' })
    .getByRole('link', { name: 'Layout' })
    .click();
  await expect(page).toHaveURL(/tab=layout/);
  await expect(list.getByRole('listitem')).toHaveCount(12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/layout-tab-375.png`, fullPage: true });
});
