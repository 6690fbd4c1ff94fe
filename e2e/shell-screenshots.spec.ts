import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

// Kept as artifacts for a human look at desktop and phone widths.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const widths = [1280, 390];

test('screenshots of landing, login, signup and dashboard', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const user = await createVerifiedUser(page, { fullName: 'Screenshot Person' });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [name, path, heading] of [
      ['landing', '/', 'Build a CV that gets you hired'],
      ['login', '/login', 'Sign in to Vitae'],
      ['signup', '/signup', 'Create your account'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { name: 'Welcome, Screenshot Person' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
  }
});
