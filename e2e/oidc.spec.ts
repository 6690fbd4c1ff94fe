import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, signOut, uniqueEmail } from './helpers.ts';

/*
 * Sign-in with an identity provider (issue 34, decision 0024) through the local OpenID Connect
 * provider playwright.config.ts starts beside the app ("Local SSO", oidc-provider): sign up
 * and in on its login page, see the link in Settings, link it to a password account and unlink.
 */

// Kept as artifacts for a human look at desktop and phone widths.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const widths = [1280, 375];

async function shoot(page: Page, name: string, locator: Locator = page.locator('body')) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect(locator).toBeVisible();
    await locator.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Fills the local provider's own login page, which sends the browser back to Vitae. */
async function atLocalSso(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { name: 'Local SSO' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in to Local SSO' }).click();
}

const card = (page: Page) => page.getByRole('region', { name: 'Sign-in providers' });

test('signs up and in through the local provider’s login page, and shows it in Settings', async ({
  page,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Sign in with Local SSO' });
  await expect(button).toBeVisible();
  await shoot(page, 'oidc-login');

  const email = uniqueEmail('sso');
  await button.click();
  await atLocalSso(page, email, 'Sso Person');
  await page.waitForURL('**/app/dashboard');

  await page.goto('/app/settings');
  await expect(card(page).getByText('Local SSO', { exact: true })).toBeVisible();
  await expect(card(page).getByText(email, { exact: false })).toBeVisible();
  await expect(card(page).getByText(/no password yet/)).toBeVisible();
  await shoot(page, 'oidc-settings-provider-only', card(page));

  // The provider is this account's only way in: unlinking it is refused, and it stays.
  await card(page).getByRole('button', { name: 'Unlink Local SSO' }).click();
  await expect(card(page).getByRole('alert')).toContainText('This is your only way to sign in');
  await expect(card(page).getByText(email, { exact: false })).toBeVisible();

  // A callback this browser did not start (a forged or replayed one) is refused with a page.
  const forged = await page.goto('/auth/oidc/local/callback?state=forged&code=forged');
  expect(forged?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await shoot(page, 'oidc-refused');

  // Signed out, the same person signs in again through the provider (no form this time:
  // the provider remembers them).
  await page.goto('/app/dashboard');
  await signOut(page);
  await page.getByRole('link', { name: 'Sign in with Local SSO' }).click();
  await page.waitForURL('**/app/dashboard');
});

test('links the provider to a password account after the password, then unlinks it', async ({
  page,
}) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await createVerifiedUser(page, { fullName: 'Link Person' });
  await signIn(page, user.email, user.password);
  await page.goto('/app/settings');
  await expect(card(page).getByText('No provider is linked to your account yet.')).toBeVisible();

  await card(page).getByRole('button', { name: 'Link Local SSO', exact: true }).click();
  await card(page).getByLabel('Password', { exact: true }).fill('not-my-password');
  await card(page).getByRole('button', { name: 'Continue to Local SSO' }).click();
  await expect(card(page).getByText('That password is not right.')).toBeVisible();
  await shoot(page, 'oidc-settings-link-password', card(page));

  await card(page).getByLabel('Password', { exact: true }).fill(user.password);
  await card(page).getByRole('button', { name: 'Continue to Local SSO' }).click();
  const ssoEmail = uniqueEmail('linked');
  await atLocalSso(page, ssoEmail, 'Link Person');
  await page.waitForURL('**/app/settings?linked=local');
  await expect(card(page).getByText('Local SSO is linked.')).toBeVisible();
  await expect(card(page).getByText(ssoEmail, { exact: false })).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Link Local SSO', exact: true })).toHaveCount(
    0,
  );
  await shoot(page, 'oidc-settings-linked', card(page));

  await card(page).getByRole('button', { name: 'Unlink Local SSO' }).click();
  await expect(card(page).getByText('No provider is linked to your account yet.')).toBeVisible();
});
