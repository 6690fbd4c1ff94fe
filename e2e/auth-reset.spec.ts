import { expect, test } from '@playwright/test';
import { createVerifiedUser, linkFromOutbox, pathOf, signIn } from './helpers.ts';

test('forgot password: the emailed link sets a new password; the old one stops working', async ({
  page,
}) => {
  const user = await createVerifiedUser(page, { fullName: 'Reset Tester' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists for that email, a password reset link has been sent.'),
  ).toBeVisible();

  const link = await linkFromOutbox(page, user.email, '/reset-password/', /reset/i);
  await page.goto(pathOf(link));
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText(
      'Your password has been successfully reset! You can now sign in with your new password.',
    ),
  ).toBeVisible();
  // Redirected to sign in after 3 seconds.
  await page.waitForURL(/\/login$/, { timeout: 6_000 });

  // The old password no longer works.
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();

  // The new one does.
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/app\/dashboard$/);

  // A used link is refused.
  await page.goto(pathOf(link));
  await expect(
    page.getByText(
      'This reset link is invalid or has expired. Please request a new password reset.',
    ),
  ).toBeVisible();
});

test('signIn helper reaches the dashboard', async ({ page }) => {
  const user = await createVerifiedUser(page);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
