import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { UNDO_MS } from '../web/src/features/sections/undo-delete.tsx';
import { createVerifiedUser, signIn } from './helpers.ts';

/*
 * Issue 17, "nothing lost" and "photo crop": a deleted entry can be undone (and the undone
 * entry is still there after a reload), a form with unsaved changes asks before the user
 * leaves it, and a photo is cropped square before it is uploaded.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/editor-safety-${name}.png` });

async function shotsAtBothWidths(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test.beforeEach(async ({ page }) => {
  const user = await createVerifiedUser(page, { fullName: 'Careful Editor' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

const skillField = (page: Page) => page.getByRole('textbox', { name: 'Skill', exact: true });
const entries = (page: Page) => page.getByRole('list', { name: 'Your skill entries' });

async function addSkill(page: Page, name: string) {
  const add = page.getByRole('button', { name: 'Add skill' });
  if (await add.isVisible()) await add.click();
  await skillField(page).fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(entries(page).getByText(name, { exact: true })).toBeVisible();
  await expect(add).toBeVisible(); // the form has closed
}

async function deleteSkill(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Yes, Delete' }).click();
}

test('a deleted entry can be undone; without Undo it is gone, even after a quick reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/app/cv-builder?tab=skills');
  await addSkill(page, 'Welding');
  await addSkill(page, 'Forklift');
  await addSkill(page, 'Rigging');

  await deleteSkill(page, 'Welding');
  const toast = page.getByRole('status').filter({ hasText: 'Skill deleted successfully!' });
  await expect(toast).toBeVisible();
  await expect(entries(page).getByText('Welding', { exact: true })).toHaveCount(0);
  await toast.hover(); // holds the clock while the screenshots are taken
  await shotsAtBothWidths(page, 'undo-toast');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toHaveCount(0);
  await expect(entries(page).getByRole('listitem').first()).toContainText('Welding');

  // Long after the Undo window, a reload still shows it, in its place. An undone delete sends
  // nothing, so there is no response or announcement to wait for: this waits out the
  // product's own Undo timer on purpose, to prove no late delete goes out when it ends.
  await page.waitForTimeout(UNDO_MS + 1000);
  await page.reload();
  await expect(entries(page).getByRole('listitem')).toHaveCount(3);
  await expect(entries(page).getByRole('listitem').first()).toContainText('Welding');

  // Not undone: once the toast has gone, the server has deleted it.
  await deleteSkill(page, 'Forklift');
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: UNDO_MS + 4000 });
  await page.reload();
  await expect(entries(page).getByRole('listitem')).toHaveCount(2);
  await expect(entries(page).getByText('Forklift', { exact: true })).toHaveCount(0);

  // Reloading inside the Undo window still deletes (the request outlives the page).
  await deleteSkill(page, 'Rigging');
  await expect(toast).toBeVisible();
  await page.reload();
  await expect(entries(page).getByRole('listitem')).toHaveCount(1);
  await expect(entries(page).getByText('Rigging', { exact: true })).toHaveCount(0);
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  // In from the dashboard, so Back stays inside the app (one document, one history).
  await page.locator('[data-card="personalInfo"]').click();
  await expect(page).toHaveURL(/tab=personalInfo/);
  const fullName = page.getByLabel('Full name');
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await fullName.fill('Thandi Unsaved');

  // An in-app link: Keep editing keeps the typing.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/tab=personalInfo/);
  await shotsAtBothWidths(page, 'leave-prompt');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(leave).toHaveCount(0);
  await expect(fullName).toHaveValue('Thandi Unsaved');

  // Another builder tab: Leave drops the changes and goes.
  await page
    .getByRole('navigation', { name: 'CV sections' })
    .getByRole('link', { name: 'Skills' })
    .click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/tab=skills/);

  // The browser's Back button asks too, and stays put on Keep editing.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/tab=personalInfo/);
  // The dropped typing is gone: the form starts again from the account's name.
  await expect(fullName).toHaveValue('Careful Editor');
  await fullName.fill('Thandi Again');
  await page.evaluate(() => history.back());
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/tab=personalInfo/);
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(fullName).toHaveValue('Thandi Again');
  await expect(page).toHaveURL(/tab=personalInfo/);
  await page.evaluate(() => history.back());
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(leave).toHaveCount(0);

  // Reloading the tab: the browser's own question.
  await page.goto('/app/cv-builder?tab=skills');
  await skillField(page).fill('Half typed');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');

  // Saved: nothing to ask.
  await addSkill(page, 'Welding');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('a photo is cropped square before upload and shows so in View CV', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-crop-e2e-'));
  const photo = path.join(dir, 'wide.png');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360', '-frames:v', '1', photo],
  ]);
  try {
    await page.goto('/app/cv-builder?tab=photo');
    await page.getByLabel('Photo title').fill('Cropped headshot');
    await page.getByLabel('Photo file').setInputFiles(photo);
    const frame = page.getByRole('group', { name: /Crop photo/ });
    const preview = frame.getByRole('img', { name: 'Selected photo preview' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveJSProperty('complete', true);

    // Zoom in and move with the keyboard; then a drag.
    await page.getByRole('slider', { name: 'Zoom' }).fill('1.5');
    await frame.focus();
    await page.keyboard.press('Shift+ArrowRight');
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'circle' }).click();
    await shotsAtBothWidths(page, 'crop-circle');
    await page.getByRole('button', { name: 'square' }).click();
    await shot(page, 'crop-square-1280');

    await page.getByRole('button', { name: 'Upload Photo' }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'Cropped headshot' });
    await expect(item.getByText('Assigned')).toBeVisible({ timeout: 45_000 });

    // The stored photo is the square the frame showed (the file was 16:9); View CV shows
    // its thumbnail, which keeps the proportions.
    await page.goto('/app/view-cv');
    const cvPhoto = page.getByRole('img', { name: /^Photo of / }).first();
    await expect(cvPhoto).toHaveJSProperty('complete', true);
    const [width, height] = await cvPhoto.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(width).toBeGreaterThan(100);
    expect(height).toBe(width);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
