import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, signOut } from './helpers.ts';

// Kept as artifacts for a human look at desktop and phone widths.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const widths = [1280, 375];

async function shoot(page: Page, name: string, locator = page.locator('body')) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect(locator).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs out and waits until the server has ended the session (not only the page's state). */
async function signOutFully(page: Page) {
  const ended = page.waitForResponse((r) => r.url().endsWith('/auth/user/logout') && r.ok());
  await signOut(page);
  await ended;
}

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator with
 * resident keys that verifies its user, as a phone's or laptop's screen lock does.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('passkeys: add one in Settings, sign out, sign in with it alone; rename and remove it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const authenticator = await virtualAuthenticator(page);
  const user = await createVerifiedUser(page, { fullName: 'Pass Key' });
  await signIn(page, user.email, user.password);

  await page.goto('/app/settings');
  const card = page.getByRole('heading', { name: 'Passkeys' }).locator('..').locator('..');
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByLabel('Name').fill('Test laptop');
  await card.getByLabel('Password', { exact: true }).fill('wrong-password');
  await card.getByRole('button', { name: 'Create passkey' }).click();
  await expect(card.getByText('Incorrect password')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);
  await shoot(page, 'passkeys-add', card);

  await card.getByLabel('Password', { exact: true }).fill(user.password);
  await card.getByRole('button', { name: 'Create passkey' }).click();
  await expect(card.getByText('Passkey “Test laptop” added.')).toBeVisible();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('never used')).toBeVisible();
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);
  await shoot(page, 'passkeys-card', card);

  await page.goto('/app/dashboard');
  await signOutFully(page);

  await page.goto('/login');
  await shoot(page, 'passkeys-login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  await page.goto('/app/settings');
  await expect(list.getByText(/last used/)).toBeVisible();
  await list.getByRole('button', { name: 'Rename Test laptop' }).click();
  await list.getByLabel('Passkey name').fill('Old laptop');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Old laptop')).toBeVisible();

  await list.getByRole('button', { name: 'Remove Old laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await shoot(page, 'passkeys-remove', dialog);
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();

  // The passkey left on the device no longer signs in.
  await page.goto('/app/dashboard');
  await signOutFully(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey is not registered with Vitae')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
