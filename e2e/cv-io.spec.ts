import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, readOutbox, signIn } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const card = (page: Page, tab: string) => page.locator(`[data-card="${tab}"]`);

const RESUME = {
  basics: {
    name: 'Imported Person',
    email: 'imported@example.com',
    phone: '082 555 0101',
    summary: 'Brought over from a JSON Resume.',
    location: { city: 'Durban', region: 'KwaZulu-Natal' },
  },
  work: [
    { name: 'Harbour Logistics', position: 'Planner', startDate: '2019-04' },
    { name: 'Port Co', position: 'Clerk', startDate: '2016', endDate: '2019-03' },
  ],
  skills: [{ name: 'Scheduling', level: 'Expert' }, { name: 'x'.repeat(120) }],
  languages: [{ language: 'English', fluency: 'Fluent' }],
  interests: [{ name: 'Sailing' }],
  // Issue 32: certificates travel as records without a file.
  certificates: [
    {
      name: 'Forklift Operator',
      issuer: 'TETA',
      date: '2021-06-01',
      url: 'https://teta.example/verify/42',
    },
  ],
};

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `cv-io-${name}-${width}.png`), fullPage: true });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a JSON Resume imported from the dashboard fills the sections', async ({ page }, info) => {
  const user = await createVerifiedUser(page, { fullName: 'Imported Person' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(card(page, 'employmentHistory')).toContainText('0 added');
  await shot(page, 'dashboard');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import your CV' });
  const file = info.outputPath('resume.json');
  fs.writeFileSync(file, JSON.stringify(RESUME));
  await dialog.getByLabel('Choose a JSON Resume or LinkedIn export file').setInputFiles(file);

  await expect(dialog.getByTestId('import-employment-history')).toContainText('2 to import');
  await expect(dialog.getByTestId('import-employment-history')).toContainText('Harbour Logistics');
  // An entry the form would refuse is shown with the form's message, not dropped.
  await expect(dialog.getByTestId('import-skill')).toContainText('1 to import');
  await expect(dialog.getByTestId('import-skill')).toContainText(
    'Skill must be 100 characters or less',
  );
  await expect(dialog.getByTestId('import-certificates')).toContainText('1 to import');
  await expect(dialog.getByTestId('import-certificates')).toContainText('Forklift Operator · TETA');
  await shot(page, 'import-preview');
  await dialog.getByRole('radio', { name: 'Replace the sections in this file' }).check();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(card(page, 'employmentHistory')).toContainText('2 added');
  await expect(card(page, 'skills')).toContainText('1 added');
  await expect(card(page, 'interests')).toContainText('1 added');
  await expect(card(page, 'personalSummary')).toContainText('Complete');

  // The certificate arrived without a file: title, issuer · date and its link.
  await page.goto('/app/cv-builder?tab=certificates');
  const item = page.getByRole('listitem').filter({ hasText: 'Forklift Operator' });
  await expect(item).toContainText('TETA · Jun 2021');
  await expect(item).toContainText('No document');
  await expect(item.getByRole('link', { name: 'https://teta.example/verify/42' })).toHaveAttribute(
    'href',
    'https://teta.example/verify/42',
  );
  await shot(page, 'certificates-without-file');
});

test('a JSON Resume of one CV imports as a new CV, in My CVs and the switcher', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const user = await createVerifiedUser(page, { fullName: 'Thandi Dube' });
  await signIn(page, user.email, user.password);
  const api = page.request;
  for (const [url, data] of [
    ['/api/employment-history', { position: 'Cook', company: 'Grill', startDate: '2015-01' }],
    [
      '/api/employment-history',
      { position: 'Analyst', company: 'Kite Labs', startDate: '2019-01', current: true },
    ],
    ['/api/skill', { skill: 'SQL', proficiency: 5 }],
  ] as const) {
    const res = await api.post(url, { data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  // "Data analyst": the analyst job and SQL only, in the Finance template.
  const made = await api.post('/api/curriculum-vitae/versions', { data: { name: 'Data analyst' } });
  const version = ((await made.json()) as { _id: string })._id;
  const jobs = (
    (await (await api.get('/api/employment-history')).json()) as {
      data: { _id: string; company: string }[];
    }
  ).data;
  const cook = jobs.find((j) => j.company === 'Grill')!;
  await api.put(`/api/curriculum-vitae/versions/${version}/entries/${cook._id}`, {
    data: { section: 'employment-history', included: false },
  });
  await api.patch(`/api/curriculum-vitae/template?version=${version}`, {
    data: { template: 'template07' },
  });
  const file = info.outputPath('data-analyst.json');
  const exported = await api.get(`/api/cv/export?version=${version}`);
  fs.writeFileSync(file, await exported.text());

  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import your CV' });
  await dialog.getByLabel('Choose a JSON Resume or LinkedIn export file').setInputFiles(file);
  await expect(dialog.getByRole('radio', { name: 'Import as a new CV' })).toBeChecked();
  await expect(dialog.getByTestId('import-merge-summary')).toHaveText(
    '0 new entries for your profile, 2 already in it.',
  );
  await expect(dialog.getByRole('combobox', { name: 'CV whose layout to update' })).toHaveValue(
    /.+/,
  );
  await shot(page, 'import-new-cv');
  await dialog.getByRole('button', { name: 'Import as a new CV' }).click();
  await expect(dialog.getByText('“Data analyst (2)” is in My CVs')).toBeVisible();
  await shot(page, 'import-new-cv-done');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'My CVs' }).click();
  const list = page.getByRole('list', { name: 'Your CVs' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').filter({ hasText: 'Data analyst (2)' })).toBeVisible();

  // The switcher shows the new CV: its template, its entries, nothing twice.
  await page.goto('/app/view-cv');
  await expect(page.getByRole('combobox', { name: 'CV' }).locator('option:checked')).toHaveText(
    'Data analyst (2)',
  );
  const cv = page.locator('[data-cv-layout]');
  await expect(cv).toHaveAttribute('data-cv-layout', 'template07');
  await expect(cv).toContainText('Kite Labs');
  await expect(cv).not.toContainText('Grill');
  const after = (await (await api.get('/api/employment-history')).json()) as { data: unknown[] };
  expect(after.data).toHaveLength(2);
});

test('settings export the account, then delete it', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createVerifiedUser(page, { fullName: 'Leaving Person' });
  await signIn(page, user.email, user.password);
  await page.request.post('/api/skill', { data: { skill: 'Packing', proficiency: 4 } });
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Export my account' }).click();
  await expect(page.getByText('Your export is ready')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download ZIP' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vitae-account.zip');
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');

  // Email me when…: the contact-request email can be turned off (issue 32).
  const emails = page.getByRole('switch', {
    name: 'Email me when: An HR user asks for my contact details',
  });
  await expect(emails).toHaveAttribute('aria-checked', 'true');
  await emails.click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();
  await expect(emails).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'settings');

  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/app'));
  // The goodbye mail may go out through the job queue after the answer (REDIS_URL).
  await expect
    .poll(async () =>
      (await readOutbox(page)).some(
        (m) => m.to === user.email && /has been deleted/.test(m.subject),
      ),
    )
    .toBe(true);

  // The account is gone: signing in again fails.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toBeVisible();
});
