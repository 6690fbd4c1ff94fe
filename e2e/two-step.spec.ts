import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, signOut } from './helpers.ts';

// Kept as artifacts for a human look at desktop and phone widths.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const widths = [1280, 375];

const STEP_MS = 30_000;
/** The 30-second step of the last code a test used: the server refuses it and any before it. */
let lastStep = 0;

/**
 * A code the server takes once: the one for the step after now (it allows one step of drift),
 * after waiting out the authenticator's own clock when that step was used already (two
 * sign-ins within one 30-second step) — a product timer, waited for on purpose.
 */
async function freshCode(secret: string): Promise<string> {
  await expect
    .poll(() => Math.floor(Date.now() / STEP_MS), { timeout: STEP_MS + 5_000, intervals: [500] })
    .toBeGreaterThanOrEqual(lastStep);
  const step = Math.floor(Date.now() / STEP_MS) + 1;
  lastStep = step;
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS + 1_000 });
}

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

async function passwordStep(page: Page, email: string, password: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
}

test('two-step sign-in: set up in Settings, sign in with the app’s code, a recovery code once', async ({
  page,
}) => {
  // Four sign-ins (each an argon2 check), ten screenshots and up to one 30-second code step.
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await createVerifiedUser(page, { fullName: 'Two Step' });
  await signIn(page, user.email, user.password);

  await page.goto('/app/settings');
  const card = page.getByRole('heading', { name: 'Two-step sign-in' }).locator('..').locator('..');
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByAltText('QR code to scan with your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shoot(page, 'two-step-setup', card);

  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await page.getByLabel('Code from the app').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await shoot(page, 'two-step-recovery-codes', card);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.', { exact: false })).toBeVisible();
  await shoot(page, 'two-step-on', card);

  await page.goto('/app/dashboard');
  await signOutFully(page);

  // The password alone no longer signs in: the app's code finishes it.
  await passwordStep(page, user.email, user.password);
  await shoot(page, 'login-two-step');
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await signOutFully(page);

  // A recovery code works once.
  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await shoot(page, 'login-two-step-recovery');
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/app\/dashboard$/);
  await signOutFully(page);

  await passwordStep(page, user.email, user.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('That recovery code is not right, or it has been used already.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
