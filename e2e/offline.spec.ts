import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

/*
 * Issue 32: opening a page while offline said "Something went wrong" and stayed so after the
 * connection came back. The page's code could not load: the app says the user is offline and
 * opens the page by itself once the connection is back.
 */
test('a page opened while offline says so, and opens once the connection is back', async ({
  page,
  context,
}) => {
  const user = await createVerifiedUser(page, { fullName: 'Offline Person' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await expect(page.getByRole('link', { name: 'My CVs' })).toBeVisible();
  // Everything the dashboard fetches by itself has arrived: only the click needs the network.
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  // My CVs' code has not loaded yet in this tab: following the link needs the network.
  await page.getByRole('link', { name: 'My CVs' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: path.join('test-results', 'screenshots', `offline-${width}.png`),
    });
  }

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'My CVs' })).toBeVisible();
});
