import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

test('a protected route sends a visitor to /login with from, and sign-in returns there', async ({
  page,
}) => {
  const user = await createVerifiedUser(page);
  await page.goto('/app/share-cv');
  await expect(page).toHaveURL(/\/login\?from=%2Fapp%2Fshare-cv$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/share-cv$/);

  // Signed in: /app goes to the dashboard and unknown paths go home.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in user reloading a protected page stays on it', async ({ page }) => {
  const user = await createVerifiedUser(page);
  await signIn(page, user.email, user.password);
  await page.goto('/app/view-cv');
  await expect(page).toHaveURL(/\/app\/view-cv$/);
  await expect(page.getByRole('heading', { name: 'View CV' })).toBeVisible();
});
