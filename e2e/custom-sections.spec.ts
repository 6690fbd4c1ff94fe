import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInWithTypicalCv } from './helpers.ts';

/*
 * Issue 30, custom sections: the user adds a "Volunteering" section with an entry in the
 * builder's My sections tab; the live preview and View CV show it; the Layout tab hides it.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const signInWithCv = (page: Page) => signInWithTypicalCv(page, 'Custom Person');

test('add a Volunteering section with an entry; preview and View CV show it; Layout hides it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithCv(page);
  await page.goto('/app/cv-builder?tab=customSections');
  await expect(page.getByRole('heading', { level: 1, name: 'My sections' })).toBeVisible();
  await expect(page.getByText('You have no sections of your own yet.')).toBeVisible();

  // Choosing the kind names the section.
  const adding = page.getByRole('form', { name: 'Add a section' });
  await adding.getByLabel('It holds').selectOption('volunteer');
  await expect(adding.getByLabel('Section title')).toHaveValue('Volunteering');
  await adding.getByRole('button', { name: 'Add section' }).click();
  const section = page.getByRole('region', { name: 'Volunteering' });
  await expect(section.getByText('No entries yet.')).toBeVisible();

  // A title is required: the form says so and sends nothing.
  await section.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'New entry' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();

  await form.getByRole('textbox', { name: /^Title/ }).fill('Saturday coding coach');
  await form.getByLabel('Subtitle').fill('Code4Kids');
  await form.getByLabel('Place').fill('Soweto');
  await form.getByLabel('Start date').fill('2018-02');
  await form.getByLabel('End date').fill('2022-11');
  const editor = form.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Taught ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Python');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' to teenagers.');
  const created = page.waitForResponse(
    (r) => r.url().includes('/entries') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(section.getByText('Saturday coding coach')).toBeVisible();
  await expect(section.getByText('Code4Kids · Soweto · Feb 2018 – Nov 2022')).toBeVisible();

  const preview = page.frameLocator('[data-preview-page="1"] iframe').locator('body');
  const previewSection = preview.locator('[data-section="custom"]');
  await expect(previewSection).toContainText('Volunteering');
  await expect(previewSection).toContainText('Saturday coding coach');
  await expect(previewSection.locator('strong')).toHaveText('Python');
  await page.screenshot({ path: `${SHOTS}/custom-sections-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/custom-sections-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/app/view-cv');
  const sheet = page.locator('.cv-sheet');
  await expect(sheet.locator('[data-section="custom"] h2')).toHaveText(/Volunteering/);
  await expect(sheet).toContainText('Saturday coding coach');
  await expect(sheet).toContainText('Code4Kids · Soweto');

  // Layout: the section is listed with the others; hiding it takes it off the CV.
  await page.goto('/app/cv-builder?tab=layout');
  const list = page.getByRole('list', { name: "Your CV's sections, in order" });
  await expect(list.getByRole('listitem')).toHaveCount(13);
  const show = page.getByRole('switch', { name: 'Show Volunteering on the CV' });
  const put = page.waitForResponse(
    (r) => r.url().endsWith('/api/curriculum-vitae/arrangement') && r.request().method() === 'PUT',
  );
  await show.click();
  const stored = await (await put).json();
  expect(stored.arrangement.hidden).toEqual([expect.stringMatching(/^custom:[0-9a-f]{24}$/)]);
  await expect(show).toHaveAttribute('aria-checked', 'false');
  await expect(preview).toContainText('Thandi Mokoena');
  await expect(preview.locator('[data-section="custom"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/custom-sections-layout-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/custom-sections-layout-375.png`, fullPage: true });

  await page.goto('/app/view-cv');
  await expect(page.locator('.cv-sheet')).toContainText('Thandi Mokoena');
  await expect(page.locator('.cv-sheet')).not.toContainText('Saturday coding coach');
});
