import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

/** Test media made on the spot with ffmpeg, in a private temp directory. */
let dir: string;
const media = (name: string) => path.join(dir, name);
const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A one-page PDF, written by hand: the server only needs a real PDF header. */
function writePdf(file: string) {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  fs.writeFileSync(file, body);
}

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-media-e2e-'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', media('photo.png'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=200x150', '-frames:v', '1', media('award.png'));
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=size=180x320:rate=10:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    media('hello.mp4'),
  );
  writePdf(media('first-aid.pdf'));
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function openTab(page: Page, tab: string) {
  await page.goto(`/app/cv-builder?tab=${tab}`);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/media-${name}.png`, fullPage: true });

/** The player can actually play what the server stored. */
async function expectPlays(page: Page, label: string) {
  const video = page.getByLabel(label);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  const user = await createVerifiedUser(page, { fullName: 'Media Person' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('uploads a profile photo and sees it assigned', async ({ page }) => {
  await openTab(page, 'photo');
  await page.getByLabel('Photo title').fill('Headshot');
  await page.getByLabel('Photo file').setInputFiles(media('photo.png'));
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Headshot' });
  await expect(item.getByText('Assigned')).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole('img', { name: 'Headshot' })).toHaveJSProperty('complete', true);
  await shot(page, 'photo');
});

test('adds, views, edits and deletes a PDF and an image certificate', async ({ page }) => {
  await openTab(page, 'certificates');
  await expect(
    page.getByText('No certificates added yet. Add your first certificate to get started!'),
  ).toBeVisible();
  // Empty: the form is already open.
  await page.getByLabel('Certificate title').fill('First Aid Level 1');
  await page.getByLabel('Certificate document').setInputFiles(media('first-aid.pdf'));
  await page.getByRole('button', { name: 'Add Certificate', exact: true }).last().click();
  await expect(page.getByText('Certificate added successfully!')).toBeVisible();
  const pdf = page.getByRole('listitem').filter({ hasText: 'First Aid Level 1' });
  await expect(pdf.getByText('PDF Document')).toBeVisible();
  await expect(pdf.getByText(/Last Updated:/)).toBeVisible();

  // A second one, an image, added through the toggle.
  await page.getByRole('button', { name: 'Add Certificate' }).first().click();
  await page.getByLabel('Certificate title').fill('Forklift licence');
  await page.getByLabel('Certificate document').setInputFiles(media('award.png'));
  await page.getByRole('button', { name: 'Add Certificate', exact: true }).last().click();
  const image = page.getByRole('listitem').filter({ hasText: 'Forklift licence' });
  await expect(image.getByText('Photo Document')).toBeVisible();
  await shot(page, 'certificates');

  // View: the PDF opens in its own tab and the modal closes by itself.
  await pdf.getByRole('button', { name: 'View First Aid Level 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'First Aid Level 1' });
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Open PDF in new tab' }).click(),
  ]);
  const served = await page.request.get(tab.url());
  expect(served.headers()['content-type']).toBe('application/pdf');
  await tab.close();
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  await image.getByRole('button', { name: 'View Forklift licence' }).click();
  await expect(
    page.getByRole('dialog').getByRole('img', { name: 'Forklift licence' }),
  ).toHaveJSProperty('complete', true);
  await page.getByRole('button', { name: 'Close' }).click();

  // Edit the title only; the document stays.
  await pdf.getByRole('button', { name: 'Edit First Aid Level 1' }).click();
  await page.getByLabel('Certificate title').fill('First Aid Level 2');
  await page.getByRole('button', { name: 'Update Certificate' }).click();
  await expect(page.getByText('Certificate updated successfully!')).toBeVisible();
  const edited = page.getByRole('listitem').filter({ hasText: 'First Aid Level 2' });
  await expect(edited.getByText('PDF Document')).toBeVisible();

  // Delete both after the inline confirmation.
  for (const [item, title] of [
    [edited, 'First Aid Level 2'],
    [image, 'Forklift licence'],
  ] as const) {
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(item.getByText('Delete this certificate?')).toBeVisible();
    await item.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByText('Certificate deleted successfully!')).toBeVisible();
    await expect(item).toBeHidden();
  }
  await expect(page.getByText(/No certificates added yet/)).toBeVisible();
});

test('uploads a short video file and plays it', async ({ page }) => {
  test.setTimeout(90_000);
  await openTab(page, 'firstImpression');
  await expect(page.getByRole('heading', { name: 'Create Your First Impression' })).toBeVisible();
  await shot(page, 'first-impression-chooser');
  await page.getByRole('button', { name: /Upload Video File/ }).click();
  await page.getByLabel('Video file').setInputFiles(media('hello.mp4'));
  await expect(page.getByText('hello.mp4')).toBeVisible();
  await expect(page.getByText('(0:03)')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByText('Upload completed successfully!')).toBeVisible({ timeout: 45_000 });
  await expectPlays(page, 'Your first impression video');
  await shot(page, 'first-impression-view');
});

test('records with the fake camera, uploads, sees it and removes it', async ({ page }) => {
  test.setTimeout(120_000);
  await openTab(page, 'firstImpression');
  await page.getByRole('button', { name: /Record New Video/ }).click();
  await page.getByRole('button', { name: 'Start Camera' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByText(/Recording time left: 0:(29|30)/)).toBeVisible();
  await shot(page, 'first-impression-recording');
  // About three seconds of video: the recording's own clock says when they have passed.
  await expect(page.getByText(/Recording time left: 0:(2[0-7]|1\d)/)).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(page.getByLabel('Recorded video preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload to Cloud' }).click();
  await expect(page.getByText('Upload completed successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 10_000 });

  await openTab(page, 'firstImpression');
  await expectPlays(page, 'Your first impression video');
  await page.getByRole('button', { name: 'Remove Video/Record New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove First Impression Video?' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await shot(page, 'first-impression-remove');
  await dialog.getByRole('button', { name: 'Remove Video' }).click();
  await expect(page.getByText('Video removed successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Your First Impression' })).toBeVisible({
    timeout: 6_000,
  });
});

test('Watch Demo plays our demo in an 800x600 window', async ({ page }) => {
  await openTab(page, 'firstImpression');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Watch Demo' }).click(),
  ]);
  await expect
    .poll(() => popup.evaluate(() => [window.innerWidth, window.innerHeight]))
    .toEqual([800, 600]);
  const video = popup.locator('video');
  await expect(video).toHaveAttribute('src', /\/media\/demo\/first-impression\.mp4$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
});

test('the media screens have no serious accessibility problems, down to 360 px', async ({
  page,
}) => {
  // An axe scan of every media screen at four widths: a long test, as hr.spec's are.
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await openTab(page, 'certificates');
    await expect(page.getByText(/No certificates added yet/)).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, `certificates-empty-${width}`);
    await openTab(page, 'firstImpression');
    await expect(page.getByRole('heading', { name: 'Create Your First Impression' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: /Upload Video File/ }).click();
    await expectNoSeriousViolations(page);
    await shot(page, `first-impression-upload-${width}`);
  }
});

test('the upload screens with a chosen file, at 1280 and 390 px', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await openTab(page, 'photo');
    await page.getByLabel('Photo file').setInputFiles(media('photo.png'));
    await expect(page.getByRole('img', { name: 'Selected photo preview' })).toBeVisible();
    await shot(page, `photo-chosen-${width}`);
    await openTab(page, 'certificates');
    await page.getByLabel('Certificate document').setInputFiles(media('first-aid.pdf'));
    await expect(page.getByText('first-aid.pdf')).toBeVisible();
    await shot(page, `certificates-chosen-${width}`);
    await openTab(page, 'firstImpression');
    await page.getByRole('button', { name: /Upload Video File/ }).click();
    await page.getByLabel('Video file').setInputFiles(media('hello.mp4'));
    await expect(page.getByText('(0:03)')).toBeVisible();
    await shot(page, `first-impression-chosen-${width}`);
  }
});
