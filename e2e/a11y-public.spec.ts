import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

const publicPages: Array<[string, string]> = [
  ['/', 'Build a CV that gets you hired'],
  ['/login', 'Sign in to Vitae'],
  ['/signup', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/hr-introduction', 'Your recruiting dashboard'],
];

for (const [path, heading] of publicPages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the dashboard has no serious accessibility violations', async ({ page }) => {
  const user = await createVerifiedUser(page, { fullName: 'Axe Tester' });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Axe Tester' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
