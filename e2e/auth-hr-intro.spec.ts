import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn, signUpAndVerify } from './helpers.ts';

test('signing up from the HR introduction lands on the HR dashboard', async ({ page }) => {
  await page.goto('/hr-introduction');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText('Create an account to get your HR dashboard.')).toBeVisible();

  const user = await signUpAndVerify(page, { fullName: 'Grace Recruiter' });
  await page.getByRole('link', { name: 'Sign In' }).click();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/hr-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Grace Recruiter' })).toBeVisible();

  // The CV Dashboard switch shows the switching loader, then the user dashboard.
  await page.getByRole('switch', { name: 'CV Dashboard' }).click();
  await expect(page.getByText('Switching to CV Dashboard...')).toBeVisible();
  await page.waitForURL(/\/app\/dashboard$/, { timeout: 6_000 });

  // An HR user visiting the introduction is sent to the HR dashboard.
  await page.goto('/hr-introduction');
  await expect(page).toHaveURL(/\/app\/hr-dashboard$/);
});

test('a signed-in job seeker enables the HR dashboard from the introduction', async ({ page }) => {
  const user = await createVerifiedUser(page, { fullName: 'Job Seeker' });
  await signIn(page, user.email, user.password);
  await page.getByRole('switch', { name: 'HR Dashboard' }).click();
  await expect(page).toHaveURL(/\/hr-introduction$/);
  await page.getByRole('button', { name: 'Enable HR Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/hr-dashboard$/);
});
