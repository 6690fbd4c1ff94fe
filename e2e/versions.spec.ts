import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, pathOf, readOutbox, signIn, uniqueEmail } from './helpers.ts';

/*
 * CV versions (issue 30): one profile, many CVs. From the default "My CV" the user makes
 * "Data analyst", leaves a job, a skill and a volunteering entry out of it and gives it another
 * template; it shows only its entries (builder preview, View CV, a share opened by its
 * recipient, its public link) while "My CV" keeps everything, and one phone number change shows
 * in both.
 */

/** A PDF's text as poppler's pdftotext reads it, whitespace folded. */
function textOfPdf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-e2e-pdf-'));
  try {
    const file = path.join(dir, 'cv.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const shots = (name: string) => path.join('test-results', 'screenshots', `versions-${name}.png`);

/** The page at a desktop and a phone width, then back to the desktop. */
async function shotWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: shots(`${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a job seeker tailors a second CV from one profile and shares it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createVerifiedUser(page, { fullName: 'Zanele Mokoena' });
  await signIn(page, owner.email, owner.password);
  const api = page.request;
  for (const [url, data] of [
    ['/api/personal-info', { fullName: 'Zanele Mokoena' }],
    ['/api/contact-info', { email: 'zanele@example.com', phone: '082 555 0101' }],
    [
      '/api/employment-history',
      {
        position: 'Line Cook',
        company: 'Harbour Grill',
        startDate: '2015-01',
        endDate: '2018-06',
        current: false,
      },
    ],
    [
      '/api/employment-history',
      {
        position: 'Dishwasher',
        company: 'Bay Diner',
        startDate: '2013-03',
        endDate: '2014-12',
        current: false,
      },
    ],
    [
      '/api/employment-history',
      { position: 'Data Analyst', company: 'Kite Labs', startDate: '2019-01', current: true },
    ],
    ['/api/skill', { skill: 'Knife skills', proficiency: 4 }],
    ['/api/skill', { skill: 'SQL', proficiency: 5 }],
  ] as const) {
    const res = await api.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  // A section of her own, with two entries.
  const made = await api.post('/api/custom-sections', {
    data: { title: 'Volunteering', kind: 'volunteer' },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const sectionId = (
    (await (await api.get('/api/custom-sections')).json()) as {
      data: { _id: string }[];
    }
  ).data[0]!._id;
  for (const title of ['Reading Mentor', 'Race Marshal']) {
    const res = await api.post(`/api/custom-sections/${sectionId}/entries`, { data: { title } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  // My CVs, from the dashboard: the one CV every account starts with.
  await page.goto('/app/dashboard');
  await page.getByRole('link', { name: 'My CVs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My CVs' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your CVs' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Default')).toBeVisible();

  await page.getByRole('button', { name: 'New CV' }).click();
  const dialog = page.getByRole('dialog', { name: 'New CV' });
  await expect(dialog.getByLabel('CV name')).toBeFocused();
  await dialog.getByLabel('CV name').fill('Data analyst');
  await dialog.getByRole('button', { name: 'Create CV' }).click();
  await expect(dialog).toBeHidden();
  const analystRow = list.getByRole('listitem').filter({ hasText: 'Data analyst' });
  await expect(analystRow).toBeVisible();
  await shotWidths(page, 'my-cvs');

  // Open it in the builder: the switcher names it; leave out a job and a skill.
  await analystRow.getByRole('button', { name: 'Open in builder' }).click();
  await expect(page).toHaveURL(/\/app\/cv-builder/);
  await expect(page.getByRole('combobox', { name: 'CV' })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'CV' }).locator('option:checked')).toHaveText(
    'Data analyst',
  );
  await page.goto('/app/cv-builder?tab=employmentHistory');
  const cook = page.getByRole('checkbox', {
    name: 'Line Cook · Harbour Grill: in this CV (Data analyst)',
  });
  await expect(cook).toBeChecked();
  // The preview's first page (each page is drawn in its own frame).
  const preview = page.frameLocator('[data-preview-page="1"] iframe').locator('body');
  await expect(preview).toContainText('Harbour Grill');
  await cook.uncheck();
  await expect(cook).not.toBeChecked();
  await expect(preview).not.toContainText('Harbour Grill');
  await expect(preview).toContainText('Kite Labs');
  await page
    .getByRole('checkbox', { name: 'Dishwasher · Bay Diner: in this CV (Data analyst)' })
    .uncheck();
  await expect(preview).not.toContainText('Bay Diner');
  await shotWidths(page, 'toggle');

  await page.goto('/app/cv-builder?tab=skills');
  await page.getByRole('checkbox', { name: 'Knife skills: in this CV (Data analyst)' }).uncheck();
  await expect(preview).not.toContainText('Knife skills');
  await expect(preview).toContainText('SQL');

  await page.goto('/app/cv-builder?tab=customSections');
  await page.getByRole('checkbox', { name: 'Race Marshal: in this CV (Data analyst)' }).uncheck();
  await expect(preview).not.toContainText('Race Marshal');
  await expect(preview).toContainText('Reading Mentor');

  // Its own accent and font, from the Design tab, on this CV only.
  await page.goto('/app/cv-builder?tab=design');
  for (const name of ['Crimson', 'Lora']) {
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/curriculum-vitae/design') && r.request().method() === 'PUT',
    );
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name, exact: true }) })
      .click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(res.url()).toContain('version=');
  }

  // Another template, on this CV only.
  await page.goto('/app/view-cv');
  const template = page.getByRole('combobox', { name: 'Template' });
  await expect(template).toBeEnabled();
  await template.selectOption({ label: 'Finance' });
  const cv = page.locator('[data-cv-layout]');
  await expect(cv).toHaveAttribute('data-cv-layout', 'template07');
  await expect(cv).toContainText('Kite Labs');
  await expect(cv).not.toContainText('Harbour Grill');
  await expect(cv).not.toContainText('Bay Diner');
  await expect(cv).not.toContainText('Knife skills');
  await expect(cv).toHaveAttribute('data-cv-font', 'lora');
  await shotWidths(page, 'switcher');

  // Back to "My CV": everything, in its own template.
  await page.getByRole('combobox', { name: 'CV' }).selectOption({ label: 'My CV (default)' });
  await expect(cv).toHaveAttribute('data-cv-layout', 'template01');
  await expect(cv).not.toHaveAttribute('data-cv-font', 'lora');
  await expect(cv).toContainText('Harbour Grill');
  await expect(cv).toContainText('Bay Diner');
  await expect(cv).toContainText('Knife skills');
  await expect(cv).toContainText('Race Marshal');

  // One phone number change, in both CVs.
  const phone = await api.post('/api/contact-info', {
    data: { email: 'zanele@example.com', phone: '083 777 0202' },
  });
  expect(phone.ok(), await phone.text()).toBeTruthy();
  await page.reload();
  await expect(cv).toContainText('083 777 0202');
  await page.getByRole('combobox', { name: 'CV' }).selectOption({ label: 'Data analyst' });
  await expect(cv).toHaveAttribute('data-cv-layout', 'template07');
  await expect(cv).toContainText('083 777 0202');
  await expect(cv).not.toContainText('Harbour Grill');

  // Share "Data analyst": the recipient sees that CV only.
  await page.goto('/app/share-cv');
  const pick = page.getByRole('combobox', { name: 'CV to share' });
  await expect(pick.locator('option:checked')).toHaveText('My CV (default)');
  await pick.selectOption({ label: 'Data analyst' });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const to = uniqueEmail('hr');
  await page.getByLabel('Recipient email').fill(to);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Send CV' }).click();
  await expect(
    page.getByText('Your CV has been sent! Good luck with your applications!'),
  ).toBeVisible();
  const mail = (await readOutbox(page)).find((m) => m.to === to)!;
  const link = /https?:\/\/\S+\/view-shared-cv\/[0-9a-f]{24}\?share=[0-9a-f]{24}/.exec(
    mail.text,
  )![0];
  const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;

  const visitor = await browser.newContext();
  const viewer = await visitor.newPage();
  await viewer.goto(pathOf(link));
  await viewer.getByLabel('View pin').fill(pin);
  await viewer.getByRole('button', { name: 'View CV' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Zanele Mokoena' })).toBeVisible();
  const shared = viewer.locator('[data-cv-layout]');
  await expect(shared).toHaveAttribute('data-cv-layout', 'template07');
  await expect(shared).toContainText('Kite Labs');
  await expect(shared).toContainText('SQL');
  await expect(shared).not.toContainText('Harbour Grill');
  await expect(shared).not.toContainText('Knife skills');
  await visitor.close();

  // My CVs counts the share on its CV.
  await page.goto('/app/my-cvs');
  const row = page
    .getByRole('list', { name: 'Your CVs' })
    .getByRole('listitem')
    .filter({ hasText: 'Data analyst' });
  await expect(row).toContainText('1 live share');

  // Its public link: on, opened without a pin by a stranger, counted, then reset.
  await row.getByRole('button', { name: 'Public link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Public link · Data analyst' });
  await linkDialog.getByRole('switch', { name: 'Public link off' }).click();
  const address = linkDialog.getByLabel('Public link', { exact: true });
  await expect(address).toHaveValue(/\/cv\/[A-Za-z0-9_-]{16}$/);
  const publicUrl = await address.inputValue();
  await shotWidths(page, 'public-link-dialog');

  const stranger = await browser.newContext();
  const reader = await stranger.newPage();
  const opened = await reader.goto(pathOf(publicUrl));
  // Not for search engines unless the owner says so.
  expect(opened?.headers()['x-robots-tag']).toBe('noindex');
  await expect(reader.getByRole('heading', { level: 1, name: 'Zanele Mokoena' })).toBeVisible();
  const linked = reader.locator('[data-cv-layout]');
  await expect(linked).toHaveAttribute('data-cv-layout', 'template07');
  await expect(linked).toContainText('Kite Labs');
  await expect(linked).not.toContainText('Harbour Grill');
  await expect(linked).toContainText('Reading Mentor');
  await expect(linked).not.toContainText('Race Marshal');
  await expect(reader.getByLabel('View pin')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await reader.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await reader.screenshot({ path: shots(`public-link-reader-${width}`) });
  }
  await expect(linked).toHaveAttribute('data-cv-font', 'lora');
  const pdf = await reader.request.get(`${pathOf(publicUrl).replace('/cv/', '/api/cv-link/')}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The PDF holds this CV's entries only (poppler's pdftotext, as the server's PDF tests read).
  const pdfText = textOfPdf(await pdf.body());
  expect(pdfText).toContain('Kite Labs');
  expect(pdfText).toContain('Reading Mentor');
  for (const gone of ['Harbour Grill', 'Bay Diner', 'Knife skills', 'Race Marshal']) {
    expect(pdfText).not.toContain(gone);
  }

  // The owner sees the view in the link's trail once the reader's page counted it.
  await expect(async () => {
    await page.reload();
    await row.getByRole('button', { name: 'Public link' }).click();
    await expect(linkDialog.getByText('1 view through the public link')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  await linkDialog.getByRole('button', { name: 'Reset link…' }).click();
  await linkDialog.getByRole('button', { name: 'Reset link', exact: true }).click();
  await expect(linkDialog.getByRole('status')).toHaveText(
    'The link was reset: the old one no longer works.',
  );
  await expect(address).not.toHaveValue(publicUrl);
  await reader.reload();
  await expect(reader.getByRole('alert')).toContainText('This link does not open a CV.');
  await stranger.close();
});
