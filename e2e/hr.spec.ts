import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
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
  const saved = hr.getByRole('list', { name: 'Saved CVs' }).getByRole('listitem');
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
  await expect(seeker.getByRole('list', { name: 'Recent views' })).toContainText('Rita Recruiter');
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

  // Unlisting takes the CV out of browse; the saver keeps it.
  await nav.getByRole('link', { name: 'Browse CVs' }).click();
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
