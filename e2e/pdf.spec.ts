import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createVerifiedUser, readOutbox, signIn, uniqueEmail } from './helpers.ts';

/**
 * Download PDF in the three places a CV is read: View CV (owner), the shared viewer after
 * the pin, and an HR user's saved CV. Each click hands the browser a real PDF file named
 * after the person.
 */
const FULL_NAME = 'Thandiwe Mokoena';
const SHOTS = process.env.PDF_SHOTS ?? 'test-results/pdf';

async function fillCv(page: Page): Promise<string> {
  for (const [url, data] of [
    ['/api/personal-info', { fullName: FULL_NAME, gender: 'female', nationality: 'South African' }],
    [
      '/api/contact-info',
      { phone: '082 555 0147', email: 'thandiwe@example.test', city: 'Pretoria' },
    ],
    [
      '/api/personal-summary',
      { content: 'Software developer who ships reliable web applications.' },
    ],
    [
      '/api/employment-history',
      {
        company: 'Karoo Financial Services',
        position: 'Senior Software Engineer',
        startDate: '2021-03',
        endDate: '',
        current: true,
        description: 'Leads the self-service platform team.',
      },
    ],
    ['/api/skill', { skill: 'TypeScript', proficiency: 5 }],
  ] as const) {
    const res = await page.request.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  const cv = await page.request.get('/api/curriculum-vitae');
  return ((await cv.json()) as { _id: string })._id;
}

/** Opens the dialog, picks the paper and layout, and returns the file the browser received. */
async function downloadFrom(page: Page, layout: RegExp, paper = 'A4'): Promise<Download> {
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download PDF' });
  await dialog.getByRole('radio', { name: paper }).check();
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: layout }).click();
  const file = await downloaded;
  await expect(dialog).toBeHidden();
  return file;
}

async function expectPdf(file: Download): Promise<void> {
  expect(file.suggestedFilename()).toBe('Thandiwe-Mokoena-CV.pdf');
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
}

test('Download PDF on View CV, in the shared viewer and on an HR saved CV', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const owner = await createVerifiedUser(page, { fullName: FULL_NAME });
  await signIn(page, owner.email, owner.password);
  const cvId = await fillCv(page);

  // View CV: the template, then ink-friendly on US Letter (the paper is remembered).
  await page.goto('/app/view-cv');
  await expect(page.getByRole('heading', { level: 1, name: FULL_NAME })).toBeVisible();
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await page.screenshot({ path: `${SHOTS}/view-cv-dialog-1280.png` });
  await page.getByRole('button', { name: 'Close' }).click();
  await expectPdf(await downloadFrom(page, /PDF as Template/));
  await expectPdf(await downloadFrom(page, /Ink Friendly PDF/, 'US Letter'));
  await page.reload();
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/view-cv-dialog-375.png` });
  await page.getByRole('button', { name: 'Close' }).click();

  // A recipient unlocks the share with the pin and downloads the CV.
  const recipient = uniqueEmail('recipient');
  const shared = await page.request.post('/api/share-cv', {
    data: {
      curriculumVitaeID: cvId,
      subject: `CV Application - ${FULL_NAME}`,
      message: 'Dear Hiring Manager, please find my CV.',
      recipients: [{ email: recipient }],
    },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();
  const mail = (await readOutbox(page)).find((m) => m.to === recipient)!;
  const link = /\/view-shared-cv\/[0-9a-f]{24}\?share=[0-9a-f]{24}/.exec(mail.text)![0];
  const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
  const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await viewer.getByLabel('View pin').fill(pin);
  await viewer.getByRole('button', { name: 'View CV' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: FULL_NAME })).toBeVisible();
  await viewer.screenshot({ path: `${SHOTS}/shared-viewer-1280.png` });
  await expectPdf(await downloadFrom(viewer, /PDF as Template/));
  await viewer.setViewportSize({ width: 375, height: 800 });
  await viewer.screenshot({ path: `${SHOTS}/shared-viewer-375.png` });
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );
  await viewerContext.close();

  // An HR user saves the listed CV and downloads it from the saved-CV view.
  expect((await page.request.post('/api/public-cv/toggle')).ok()).toBeTruthy();
  const hrContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const hr = await hrContext.newPage();
  const recruiter = await createVerifiedUser(hr, { fullName: 'PDF Recruiter', hr: true });
  await signIn(hr, recruiter.email, recruiter.password);
  const saved = await hr.request.post(`/api/public-cv/save/${cvId}`);
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const savedId = ((await saved.json()) as { data: { _id: string } }).data._id;
  await hr.goto(`/app/hr-view-cv/${savedId}`);
  await expect(hr.getByRole('heading', { level: 1, name: FULL_NAME }).first()).toBeVisible();
  await hr.screenshot({ path: `${SHOTS}/hr-view-1280.png` });
  await expectPdf(await downloadFrom(hr, /Ink Friendly PDF/));
  await hr.setViewportSize({ width: 375, height: 800 });
  await hr.screenshot({ path: `${SHOTS}/hr-view-375.png` });
  await hrContext.close();
});

test('without Chromium on the server, Download PDF opens the print dialog instead', async ({
  page,
}) => {
  const owner = await createVerifiedUser(page, { fullName: FULL_NAME });
  await signIn(page, owner.email, owner.password);
  await fillCv(page);
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.route('**/api/curriculum-vitae/pdf?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'PDF download is not available', code: 'pdf_unavailable' }),
    }),
  );
  await page.goto('/app/view-cv');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await page.getByRole('button', { name: /Ink Friendly PDF/ }).click();
  await expect(page.locator('[data-cv-layout="ink-friendly"]')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
    .toBe(1);
});

test('Word and plain-text downloads on View CV, by keyboard, named like the PDF', async ({
  page,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const owner = await createVerifiedUser(page, { fullName: FULL_NAME });
  await signIn(page, owner.email, owner.password);
  await fillCv(page);
  await page.goto('/app/view-cv');
  await expect(page.getByRole('heading', { level: 1, name: FULL_NAME })).toBeVisible();

  // From the keyboard: Tab onward from Download PDF reaches the Word download.
  await page.getByRole('button', { name: 'Download PDF' }).focus();
  await page.keyboard.press('Tab');
  const word = page.getByRole('button', { name: 'Download Word (.docx)' });
  await expect(word).toBeFocused();
  const docxDownload = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const docx = await docxDownload;
  expect(docx.suggestedFilename()).toBe('Thandiwe-Mokoena-CV.docx');
  const bytes = fs.readFileSync((await docx.path())!);
  // A ZIP holding the Word document.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('word/document.xml'))).toBe(true);

  const textDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Plain text (.txt)' }).click();
  const txt = await textDownload;
  expect(txt.suggestedFilename()).toBe('Thandiwe-Mokoena-CV.txt');
  const text = fs.readFileSync((await txt.path())!, 'utf8');
  expect(text).toContain(`${FULL_NAME}\n${'='.repeat(FULL_NAME.length)}\n`);
  expect(text).toContain('Employment History\n------------------\n\nSenior Software Engineer\n');
  expect(text).toContain('- TypeScript — Expert');

  await page.screenshot({ path: `${SHOTS}/view-cv-downloads-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/view-cv-downloads-375.png` });
});
