import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, uniqueEmail } from './helpers.ts';

// Contact details in the public pool (issue 14): the candidate puts their email and phone on
// request, an HR user asks with one click, the candidate approves from the notification, and
// revoking hides them again. Screens at desktop and phone width for review.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

async function shots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/contact-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a candidate approves an HR user’s request for their contact details', async ({ browser }) => {
  test.setTimeout(300_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const word = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const name = `Naledi Cq${word}`;
  const contactEmail = uniqueEmail('naledi-contact');
  const phone = '071 555 0199';

  const seekerContext = await browser.newContext();
  const hrContext = await browser.newContext();
  const seeker = await seekerContext.newPage();
  const hr = await hrContext.newPage();

  const me = await createVerifiedUser(seeker, { fullName: name });
  await signIn(seeker, me.email, me.password);
  await expect(seeker).toHaveURL(/\/app\/dashboard$/);
  for (const [path, data] of [
    ['/api/personal-info', { fullName: name, gender: 'female', dateOfBirth: '1993-05-01' }],
    [
      '/api/contact-info',
      { email: contactEmail, phone, city: 'Durban', province: 'KwaZulu-Natal', country: 'SA' },
    ],
  ] as const) {
    const res = await seeker.request.post(path, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  }

  // The candidate puts the email and phone on request, then lists the CV.
  const card = seeker.getByRole('heading', { name: 'CV visibility' }).locator('xpath=../../..');
  const onRequest = card.getByRole('radio', { name: /Only after I approve a request/ });
  await onRequest.check();
  await expect(onRequest).toBeChecked();
  await card.getByRole('button', { name: /TURN ON/ }).click();
  await expect(card.getByText('Listed', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shots(seeker, 'listing-setting');

  // The HR user finds and saves the CV, and opens it: no email or phone.
  const recruiterName = `Rita Cq${word}`;
  const recruiter = await createVerifiedUser(hr, { fullName: recruiterName, hr: true });
  await signIn(hr, recruiter.email, recruiter.password);
  const found = await hr.request.get(`/api/public-cv/browse?search=cq${word}`);
  const listing = (await found.json()).data[0] as { _id: string };
  const save = await hr.request.post(`/api/public-cv/save/${listing._id}`);
  expect(save.status()).toBe(201);
  const savedId = (await save.json()).data._id as string;
  await hr.goto(`/app/hr-view-cv/${savedId}`);
  const bar = hr.getByRole('region', { name: 'Contact details' });
  await expect(bar.getByTestId('contact-access')).toHaveText('Not requested');
  await expect(hr.getByText(contactEmail)).toHaveCount(0);
  await expect(hr.getByText(phone)).toHaveCount(0);
  await shots(hr, 'hr-not-requested');

  await bar.getByRole('button', { name: 'Request contact details' }).click();
  await expect(bar.getByTestId('contact-access')).toHaveText('Requested');
  await shots(hr, 'hr-requested');

  // The candidate is told live and approves from the notification.
  const bell = seeker.getByRole('button', { name: /^Notifications, \d+ unread/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = seeker.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Contact details requested')).toBeVisible();
  const approve = panel.getByRole('button', { name: `Approve ${recruiterName}'s request` });
  await expect(approve).toBeVisible();
  await expect(
    panel.getByRole('button', { name: `Decline ${recruiterName}'s request` }),
  ).toBeVisible();
  await shots(seeker, 'notification-request');
  await approve.click();
  await expect(panel.getByText('Approved', { exact: true })).toBeVisible();
  await shots(seeker, 'notification-approved');
  await seeker.keyboard.press('Escape');

  // The HR user's reload shows the email and phone.
  await hr.reload();
  await expect(bar.getByTestId('contact-access')).toHaveText('Approved');
  await expect(hr.getByText(contactEmail).first()).toBeVisible();
  await shots(hr, 'hr-approved');

  // Revoking from the listing card hides them again.
  const requests = card.getByRole('region', { name: 'Requests for your contact details' });
  await expect(requests.getByText(recruiterName)).toBeVisible();
  await requests.scrollIntoViewIfNeeded();
  await shots(seeker, 'listing-requests');
  await requests.getByRole('button', { name: `Revoke ${recruiterName}'s access` }).click();
  await expect(requests.getByText('Declined', { exact: true })).toBeVisible();
  await hr.reload();
  await expect(bar.getByTestId('contact-access')).toHaveText('Declined');
  await expect(hr.getByText(contactEmail)).toHaveCount(0);
  await shots(hr, 'hr-declined');

  await seekerContext.close();
  await hrContext.close();
});
