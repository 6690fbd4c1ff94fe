import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, signUpAndVerify } from './helpers.ts';

// Kept as artifacts: the three HR screens with data and empty.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/hr-${name}.png`, fullPage: true });

test('a job seeker lists their CV; an HR user saves, ranks, annotates and opens it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const seekerContext = await browser.newContext();
  const hrContext = await browser.newContext();
  const seeker = await seekerContext.newPage();
  const hr = await hrContext.newPage();

  const me = await createVerifiedUser(seeker, { fullName: 'Lindiwe Khumalo' });
  await signIn(seeker, me.email, me.password);
  await expect(seeker).toHaveURL(/\/app\/dashboard$/);
  // A little CV content, so the HR view shows it in the owner's template.
  for (const [path, data] of [
    [
      '/api/personal-info',
      {
        fullName: 'Lindiwe Khumalo',
        gender: 'female',
        dateOfBirth: '1994-06-15',
        nationality: 'South African',
      },
    ],
    ['/api/personal-summary', { content: 'Customer-focused analyst with five years in retail.' }],
  ] as const) {
    const res = await seeker.request.post(path, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  }
  const card = seeker.getByRole('heading', { name: 'CV visibility' }).locator('xpath=../../..');
  await expect(card.getByText('Not listed')).toBeVisible();

  // The HR user signs up through the HR introduction and lands on an empty HR dashboard.
  await hr.goto('/hr-introduction');
  await hr.getByRole('button', { name: 'Sign Up' }).click();
  const recruiter = await signUpAndVerify(hr, { fullName: 'Rita Recruiter' });
  await hr.getByRole('link', { name: 'Sign In' }).click();
  await signIn(hr, recruiter.email, recruiter.password);
  await expect(hr).toHaveURL(/\/app\/hr-dashboard$/);
  await expect(hr.getByRole('heading', { name: 'No CVs Found' })).toBeVisible();
  await shot(hr, 'dashboard-empty');
  const nav = hr.getByRole('navigation', { name: 'HR actions' });
  await nav.getByRole('link', { name: 'Browse CVs' }).click();
  await expect(hr).toHaveURL(/\/app\/hr-browse-cvs$/);
  await expect(hr.getByText('Available CVs')).toBeVisible();

  // Listing the CV reaches the HR user live.
  await seeker.getByRole('button', { name: /TURN ON/ }).click();
  await expect(card.getByText('Listed', { exact: true })).toBeVisible();
  await expect(hr.getByText('Lindiwe Khumalo just listed their CV!')).toBeVisible();
  await hr.getByRole('button', { name: 'Save CV of Lindiwe Khumalo' }).click();
  await expect(
    hr.getByText("Lindiwe Khumalo's CV has been saved to your dashboard!"),
  ).toBeVisible();
  await expect(hr.getByRole('link', { name: 'View CV of Lindiwe Khumalo' })).toBeVisible();
  await shot(hr, 'browse');

  await nav.getByRole('link', { name: 'HR Dashboard' }).click();
  const saved = hr.getByRole('list', { name: 'Saved CVs' }).locator(':scope > li'); // the cards, not their facts' items
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Unrated');
  await saved
    .first()
    .getByRole('link', { name: /View CV/ })
    .click();

  // Opening counts a view: the owner's card shows it live, and a notification arrives.
  await expect(
    hr.getByRole('heading', { name: 'Lindiwe Khumalo', exact: true }).first(),
  ).toBeVisible();
  await expect(hr.getByText('Customer-focused analyst with five years in retail.')).toBeVisible();
  await expect(hr.getByText('1 view ·')).toBeVisible();
  await expect(seeker.getByText('Rita Recruiter just viewed your CV!')).toBeVisible();
  await expect(seeker.getByTestId('public-cv-views')).toHaveText('1');
  await expect(seeker.getByRole('list', { name: 'Latest visits' })).toContainText('Rita Recruiter');
  await expect(seeker.getByRole('button', { name: /Notifications, 1 unread/ })).toBeVisible();

  // Rank, then a note added and deleted.
  const rankDone = hr.waitForResponse((r) => r.url().includes('/rank') && r.ok());
  await hr.getByLabel('Rank').selectOption('excellent');
  await rankDone;
  await hr.getByRole('button', { name: 'Notes (0)' }).click();
  await hr.getByLabel('New note').fill('  Strong communicator; call back Monday  ');
  await hr.getByRole('button', { name: 'Add Note' }).click();
  const notes = hr.getByRole('list', { name: 'Notes' });
  await expect(notes).toContainText('Strong communicator; call back Monday');
  await hr.getByLabel('New note').fill('Second note to delete');
  await hr.getByRole('button', { name: 'Add Note' }).click();
  await expect(notes.getByRole('listitem')).toHaveCount(2);
  await expect(notes.getByRole('listitem').first()).toContainText('Second note to delete');
  await shot(hr, 'view-cv');
  await notes.getByRole('listitem').first().getByRole('button', { name: 'Delete' }).click();
  await expect(hr.getByText('Delete this note?')).toBeVisible();
  await hr.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(notes.getByRole('listitem')).toHaveCount(1);

  await hr.getByRole('link', { name: '← Back to HR Dashboard' }).click();
  await expect(saved.first()).toContainText('Excellent');
  await expect(saved.first()).toContainText('Strong communicator');
  await expect(hr.getByText('Rated CVs').locator('..')).toContainText('1');
  await shot(hr, 'dashboard');

  // At a 375 px phone width the dashboard does not scroll sideways and the badge is whole.
  await hr.setViewportSize({ width: 375, height: 812 });
  await expect(saved.first()).toContainText('Excellent');
  expect(await hr.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const badge = saved.first().locator('[data-rank]');
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await shot(hr, 'dashboard-375');
  await hr.setViewportSize({ width: 1280, height: 720 });

  // Unlisting takes the CV out of browse; the saver keeps it.
  await nav.getByRole('link', { name: 'Browse CVs' }).click();
  // Other stories list CVs on the same server at the same time: narrow browse to this one.
  await hr.getByRole('searchbox', { name: 'Search' }).fill('Lindiwe Khumalo');
  await expect(hr.getByRole('link', { name: 'View CV of Lindiwe Khumalo' })).toBeVisible();
  await seeker.getByRole('button', { name: /TURN OFF/ }).click();
  await expect(hr.getByText("Lindiwe Khumalo's CV was unlisted")).toBeVisible();
  await expect(hr.getByRole('heading', { name: 'No CVs Found' })).toBeVisible();
  await shot(hr, 'browse-empty');

  await hr.goto('/app/hr-view-cv/ffffffffffffffffffffffff');
  await expect(hr.getByRole('heading', { name: 'CV Not Found' })).toBeVisible();
  await shot(hr, 'view-cv-not-found');

  await seekerContext.close();
  await hrContext.close();
});

/** Signed upload through the media service, as the builder screens do. */
async function upload(
  request: APIRequestContext,
  kind: 'image' | 'raw' | 'video',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ url: string; public_id: string }> {
  const photo = kind === 'image';
  const sig = await request.post(
    `/api/cloudinary/signature-request-${photo ? 'photo' : 'no'}-preset`,
  );
  expect(sig.ok()).toBeTruthy();
  const { apiKey, signature, timestamp } = (await sig.json()) as {
    apiKey: string;
    signature: string;
    timestamp: string | number;
  };
  const res = await request.post(`/media/${kind}/upload`, {
    multipart: {
      api_key: apiKey,
      timestamp: String(timestamp),
      signature,
      ...(photo ? { upload_preset: 'photo' } : {}),
      file,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as { url: string; public_id: string };
}

const MINI_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 320×320 test-pattern PNG made by ffmpeg. */
function photoPng(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-hr-e2e-'));
  const file = path.join(dir, 'photo.png');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc=size=320x320', '-frames:v', '1', file],
  ]);
  const data = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return data;
}

/** The HR view at a desktop and a phone width. */
async function shotWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the HR view shows the photo, video and certificates; once unlisted, only the saved entry', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const seekerContext = await browser.newContext();
  const hrContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const seeker = await seekerContext.newPage();
  const hr = await hrContext.newPage();

  const me = await createVerifiedUser(seeker, { fullName: 'Amahle Zulu' });
  await signIn(seeker, me.email, me.password);
  const api = seeker.request;
  for (const [url, data] of [
    [
      '/api/personal-info',
      { fullName: 'Amahle Zulu', gender: 'female', nationality: 'South African' },
    ],
    [
      '/api/contact-info',
      { phone: '082 555 0199', email: 'amahle.zulu@example.test', city: 'Durban' },
    ],
    ['/api/personal-summary', { content: 'Logistics coordinator who keeps shipments on time.' }],
    ['/api/skill', { skill: 'Route planning', proficiency: 4 }],
  ] as const) {
    const res = await api.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  const photo = await upload(api, 'image', {
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: photoPng(),
  });
  const pdf = await upload(api, 'raw', {
    name: 'forklift.pdf',
    mimeType: 'application/pdf',
    buffer: MINI_PDF,
  });
  const video = await upload(api, 'video', {
    name: 'intro.mp4',
    mimeType: 'video/mp4',
    buffer: fs.readFileSync('server/assets/demo-first-impression.mp4'),
  });
  for (const [url, data] of [
    ['/api/photo', { title: 'Portrait', photoUrl: photo.url, publicId: photo.public_id }],
    ['/api/certificate', { title: 'Forklift Licence', pdfUrl: pdf.url, publicId: pdf.public_id }],
    ['/api/first-impression', { videoUrl: video.url, publicId: video.public_id }],
  ] as const) {
    const res = await api.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  expect((await api.post('/api/public-cv/toggle')).ok()).toBeTruthy();
  const cvId = ((await (await api.get('/api/curriculum-vitae')).json()) as { _id: string })._id;

  const recruiter = await createVerifiedUser(hr, { fullName: 'Media Recruiter', hr: true });
  await signIn(hr, recruiter.email, recruiter.password);
  await expect(hr).toHaveURL(/\/app\/hr-dashboard$/);
  const saved = await hr.request.post(`/api/public-cv/save/${cvId}`);
  expect(saved.ok()).toBeTruthy();
  const savedId = ((await saved.json()) as { data: { _id: string } }).data._id;

  // The CV in the owner's template, with the photo loaded from its signed URL.
  await hr.goto(`/app/hr-view-cv/${savedId}`);
  const img = hr.getByRole('img', { name: 'Photo of Amahle Zulu' });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  await expect(hr.getByText('amahle.zulu@example.test')).toBeVisible();
  await shotWidths(hr, 'view-cv-media');

  await hr.getByRole('button', { name: 'First Impression' }).click();
  const player = hr.getByRole('dialog', { name: 'First Impression Video of Amahle Zulu' });
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(2);
  // Dialogs: the viewport, as the overlay covers it (a full-page shot cuts the overlay).
  await hr.screenshot({ path: `${SHOTS}/hr-view-cv-video.png` });
  await hr.keyboard.press('Escape');
  await hr.getByRole('button', { name: 'Certificates (1)' }).click();
  const certs = hr.getByRole('dialog', { name: 'Certificates of Amahle Zulu' });
  await expect(certs.getByText('Forklift Licence')).toBeVisible();
  const pdfUrl = await certs
    .getByRole('link', { name: 'Download Forklift Licence' })
    .getAttribute('href');
  expect((await hr.request.get(pdfUrl!)).status()).toBe(200);
  await hr.setViewportSize({ width: 390, height: 844 });
  await hr.screenshot({ path: `${SHOTS}/hr-view-cv-certificates-390.png` });
  await hr.setViewportSize({ width: 1280, height: 900 });
  await hr.keyboard.press('Escape');

  // A note, then the owner unlists: the entry stays, the CV does not.
  await hr.getByRole('button', { name: 'Notes (0)' }).click();
  await hr.getByLabel('New note').fill('Great fit for the Durban depot');
  await hr.getByRole('button', { name: 'Add Note' }).click();
  await expect(hr.getByRole('list', { name: 'Notes' })).toContainText('Durban depot');
  expect((await api.post('/api/public-cv/toggle')).ok()).toBeTruthy();
  await hr.reload();
  await expect(
    hr.getByText('This candidate no longer lists their CV publicly. Your notes and rank are kept.'),
  ).toBeVisible();
  await expect(hr.getByRole('list', { name: 'Notes' })).toContainText('Durban depot');
  await expect(hr.getByText('amahle.zulu@example.test')).toHaveCount(0);
  await expect(hr.getByRole('img')).toHaveCount(0);
  await expect(hr.getByRole('button', { name: 'First Impression' })).toHaveCount(0);
  await shotWidths(hr, 'view-cv-unlisted');

  await hr.getByRole('link', { name: '← Back to HR Dashboard' }).click();
  const card = hr.getByRole('list', { name: 'Saved CVs' }).getByRole('listitem').first();
  await expect(card).toContainText('No longer listed publicly');
  await shot(hr, 'dashboard-unlisted');

  await seekerContext.close();
  await hrContext.close();
});
