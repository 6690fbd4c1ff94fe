import { expect, test } from '@playwright/test';
import { signIn, signOut, signUpAndVerify } from './helpers.ts';

test('sign up, verify from the outbox, sign in, see the welcome, sign out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const user = await signUpAndVerify(page, { fullName: 'Ada Lovelace' });

  await page.getByRole('link', { name: 'Sign In' }).click();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();

  await signOut(page);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login\?from=%2Fapp%2Fdashboard$/);
});

test('signing in before verifying offers to resend the email', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Not Verified');
  const email = `unverified-${Date.now()}@example.test`;
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please check your email to verify your account')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please verify your email address before signing in.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
});
