import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, pathOf, readOutbox, signIn, uniqueEmail } from './helpers.ts';

const shots = (name: string) => path.join('test-results', 'screenshots', `share-${name}.png`);

/** Serious or critical axe findings on the page (or inside `include`). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page at a desktop and a phone width, then back to the default. */
async function shotWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: shots(`${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const MINI_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Signed upload through the media service, as the builder screens do. */
async function upload(
  request: APIRequestContext,
  kind: 'raw' | 'video',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ url: string; public_id: string }> {
  const sig = await request.post('/api/cloudinary/signature-request-no-preset');
  expect(sig.ok()).toBeTruthy();
  const { apiKey, signature, timestamp } = (await sig.json()) as {
    apiKey: string;
    signature: string;
    timestamp: string | number;
  };
  const res = await request.post(`/media/${kind}/upload`, {
    multipart: { api_key: apiKey, timestamp: String(timestamp), signature, file },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { url: string; public_id: string };
}

test('a job seeker shares a CV; a recipient unlocks it with the pin; the owner is notified', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createVerifiedUser(page, { fullName: 'Naledi Dlamini' });
  await signIn(page, owner.email, owner.password);
  const api = page.request;

  // A filled CV with a certificate and a first impression video, in the Tech template.
  for (const [url, data] of [
    ['/api/personal-info', { fullName: 'Naledi Dlamini', nationality: 'South African' }],
    ['/api/personal-summary', { content: 'Data analyst who turns messy data into decisions.' }],
    ['/api/skill', { skill: 'SQL', proficiency: 5 }],
  ] as const) {
    const res = await api.post(url, { data });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const pdf = await upload(api, 'raw', {
    name: 'first-aid.pdf',
    mimeType: 'application/pdf',
    buffer: MINI_PDF,
  });
  expect(
    (
      await api.post('/api/certificate', {
        data: { title: 'First Aid Level 1', pdfUrl: pdf.url, publicId: pdf.public_id },
      })
    ).ok(),
  ).toBeTruthy();
  const video = await upload(api, 'video', {
    name: 'intro.mp4',
    mimeType: 'video/mp4',
    buffer: fs.readFileSync('server/assets/demo-first-impression.mp4'),
  });
  expect(
    (
      await api.post('/api/first-impression', {
        data: { videoUrl: video.url, publicId: video.public_id },
      })
    ).ok(),
  ).toBeTruthy();
  expect(
    (await api.patch('/api/curriculum-vitae/template', { data: { template: 'template05' } })).ok(),
  ).toBeTruthy();

  // The wizard.
  await page.goto('/app/share-cv');
  await expect(page.getByLabel('Subject')).toHaveValue('CV Application - Naledi Dlamini');
  await page.screenshot({ path: shots('step-1'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Message')).toHaveValue(/^Dear Hiring Manager,/);
  await page.screenshot({ path: shots('step-2'), fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();
  const first = uniqueEmail('hr');
  const second = uniqueEmail('boss');
  await page.getByLabel('Recipient email').fill(first);
  await page.getByLabel('Recipient email').press('Enter');
  await page.getByLabel('Recipient email').fill(second);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Recipients' }).getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: shots('step-3'), fullPage: true });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await page.screenshot({ path: shots('preview'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send CV' }).click();
  await expect(
    page.getByText('Your CV has been sent! Good luck with your applications!'),
  ).toBeVisible();
  await page.waitForURL('**/app/dashboard', { timeout: 10_000 });

  // Each recipient got one email with the link and the pin.
  const mails = await readOutbox(page);
  for (const to of [first, second]) expect(mails.filter((m) => m.to === to)).toHaveLength(1);
  const mail = mails.find((m) => m.to === first)!;
  // The link names its share: the pin is checked against that share alone.
  const link = /https?:\/\/\S+\/view-shared-cv\/[0-9a-f]{24}\?share=[0-9a-f]{24}/.exec(
    mail.text,
  )![0];
  const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
  // Each recipient has their own link and pin.
  const secondMail = mails.find((m) => m.to === second)!;
  expect(secondMail.text).not.toContain(link);

  // The owner watches My shares while the recipient opens the link.
  await page.goto('/app/my-shares');
  const shareRow = page
    .getByRole('list', { name: 'Shares' })
    .getByRole('listitem')
    .filter({ hasText: first });
  await expect(shareRow.getByTestId('share-status')).toHaveText('Sent');

  // A recipient with no session.
  const visitor = await browser.newContext();
  const viewer = await visitor.newPage();
  // A fresh visit does not ask for the CV before the pin (that drew a 403 and a console error).
  const consoleErrors: string[] = [];
  viewer.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const viewCalls: string[] = [];
  viewer.on('request', (r) => {
    if (r.url().includes('/api/curriculum-vitae/view')) viewCalls.push(r.url());
  });
  await viewer.goto(pathOf(link));
  await expect(viewer.getByRole('heading', { name: 'Enter View Pin' })).toBeVisible();
  await expect(viewer.getByRole('main')).toHaveCount(1);
  await expect(viewer.getByRole('banner').getByRole('link', { name: 'Vitae' })).toBeVisible();
  expect(viewCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await viewer.screenshot({ path: shots('locked'), fullPage: true });
  await shotWidths(viewer, 'locked');
  expect(await seriousViolations(viewer)).toEqual([]);
  await expect(viewer.getByLabel('View pin')).toHaveAttribute('inputmode', 'numeric');
  const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
  await viewer.getByLabel('View pin').fill(wrong);
  await viewer.getByRole('button', { name: 'View CV' }).click();
  await expect(viewer.getByText('Invalid view pin. Please check and try again.')).toBeVisible();
  await viewer.getByLabel('View pin').fill(pin);
  await viewer.getByRole('button', { name: 'View CV' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Naledi Dlamini' })).toBeVisible();
  await expect(viewer.locator('[data-cv-layout="template05"]')).toBeVisible();
  await viewer.screenshot({ path: shots('unlocked'), fullPage: true });
  await expect(viewer.getByRole('main')).toHaveCount(1);
  await shotWidths(viewer, 'unlocked');
  // A reload keeps the link (and its share) and the unlocked CV.
  await viewer.reload();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Naledi Dlamini' })).toBeVisible();
  expect(pathOf(viewer.url())).toBe(pathOf(link));
  // The viewer's own controls (the template itself is scanned by the templates story).
  expect(await seriousViolations(viewer, 'header')).toEqual([]);

  await viewer.getByRole('button', { name: 'First Impression' }).click();
  const videoDialog = viewer.getByRole('dialog', {
    name: 'First Impression Video of Naledi Dlamini',
  });
  await expect(videoDialog.locator('video')).toBeVisible();
  await videoDialog.getByRole('button', { name: 'Close' }).click();

  await viewer.getByRole('button', { name: /Certificates/ }).click();
  const certs = viewer.getByRole('dialog', { name: 'Certificates of Naledi Dlamini' });
  await expect(certs.getByText('First Aid Level 1')).toBeVisible();
  await expect(certs.getByText('PDF Document')).toBeVisible();
  await certs.getByRole('button', { name: 'View' }).click();
  await expect(viewer.locator('iframe[title="First Aid Level 1"]')).toBeVisible();

  // The owner's open My shares page turned to Opened by itself, with the view in the trail.
  await expect(shareRow.getByTestId('share-status')).toHaveText('Opened', { timeout: 15_000 });
  await shareRow.getByRole('button', { name: 'Views' }).click();
  await expect(
    shareRow.getByRole('list', { name: 'View trail' }).getByRole('listitem').first(),
  ).toContainText('Desktop');
  // Revoked: the recipient's reload shows the plain page and nothing else.
  await shareRow.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this share?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(shareRow.getByTestId('share-status')).toHaveText('Revoked');
  await viewer.reload();
  await expect(
    viewer.getByRole('heading', { level: 1, name: 'This CV is no longer shared.' }),
  ).toBeVisible();
  await expect(viewer.getByLabel('View pin')).toHaveCount(0);
  await visitor.close();

  // The owner's notifications show the view.
  await expect
    .poll(async () => {
      const res = await api.get('/api/notifications');
      const body = (await res.json()) as { data: Array<{ title: string; message: string }> };
      return body.data.find((n) => n.title === 'Your CV was viewed')?.message ?? '';
    })
    .toContain(first);
});
