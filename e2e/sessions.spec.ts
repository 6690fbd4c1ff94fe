import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createVerifiedUser,
  linkFromOutbox,
  pathOf,
  readOutbox,
  signIn,
  uniqueEmail,
} from './helpers.ts';

// Kept as artifacts for a human look at desktop and phone widths.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';

/** A second browser (its own cookies) signed in to the same account. */
async function secondBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  return { context, page };
}

const sessionsList = (page: Page) => page.getByRole('list', { name: 'Signed-in sessions' });

test('Your sessions: ending the other browser’s session signs it out there', async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser(page, { fullName: 'Session Keeper' });
  await signIn(page, user.email, user.password);
  const other = await secondBrowser(browser, user.email, user.password);

  await page.goto('/app/settings');
  const list = sessionsList(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await expect(list).toContainText('Chrome');

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/settings-sessions-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The second browser signing in was a new browser for the account: the account was told.
  const mails = await readOutbox(page);
  expect(mails.some((m) => m.to === user.email && /New sign-in/.test(m.subject))).toBe(true);

  const ended = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/auth/user/sessions/'),
  );
  await list.getByRole('button', { name: /^Sign out/ }).click();
  expect((await ended).ok()).toBe(true);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The other browser's socket was closed: it learns it is signed out without a click.
  await expect(other.page).toHaveURL(/\/login/);
  // This one stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await other.context.close();
});

test('Change password signs out the other browser and keeps this one', async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser(page, { fullName: 'Password Changer' });
  await signIn(page, user.email, user.password);
  const other = await secondBrowser(browser, user.email, user.password);

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Change password' });
  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByLabel('New password', { exact: true }).fill('a-new-password-1');
  await card.getByLabel('Confirm new password').fill('a-new-password-1');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your current password is not right.')).toBeVisible();

  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(
    card.getByText('Your password has been changed. Your other sessions have been signed out.'),
  ).toBeVisible();

  await expect(other.page).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const mails = await readOutbox(page);
  expect(mails.some((m) => m.to === user.email && /password was changed/.test(m.subject))).toBe(
    true,
  );
  await other.context.close();
});

test('Change email: the address changes when the link sent to it is opened', async ({ page }) => {
  const user = await createVerifiedUser(page, { fullName: 'Email Mover' });
  await signIn(page, user.email, user.password);
  await page.goto('/app/settings');
  const next = uniqueEmail('moved');
  const card = page.getByRole('region', { name: 'Change email' });
  await card.getByLabel('New email address').fill(next);
  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Send the link' }).click();
  await expect(card.getByText(/We have sent a link to your new address/)).toBeVisible();

  const link = await linkFromOutbox(page, next, '/change-email/');
  await page.goto(pathOf(link));
  await expect(
    page.getByRole('heading', { name: 'Your email address has been changed.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByRole('region', { name: 'Change email' }).getByText(next)).toBeVisible();
  const mails = await readOutbox(page);
  expect(
    mails.some((m) => m.to === user.email && /email address was changed/.test(m.subject)),
  ).toBe(true);
});
