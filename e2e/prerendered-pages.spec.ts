// The static public pages come prerendered (web/prerender-plugin.ts): they paint before any
// JavaScript runs, and once it runs the same HTML becomes the working page (hydration).
import { expect, test } from '@playwright/test';

const PAGES: Array<[string, string]> = [
  ['/', 'Build a CV that gets you hired'],
  ['/hr-introduction', 'Your recruiting dashboard'],
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [path, heading] of PAGES) {
    test(`${path} shows its content from the HTML alone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  // The shared CV's loading state: the same for every CV, so it comes in the HTML too.
  test('a shared CV link shows the viewer loading from the HTML alone', async ({ page }) => {
    await page.goto(`/view-shared-cv/${'ab'.repeat(12)}?share=${'cd'.repeat(12)}`);
    await expect(page.getByRole('link', { name: 'Vitae' })).toBeVisible();
    await expect(page.getByText('Loading CV...')).toBeVisible();
  });

  // Form pages too: typing into prerendered fields before React runs would be lost.
  for (const path of ['/app/dashboard', '/login', '/signup', '/forgot-password']) {
    test(`${path} is not prerendered: it gets the empty app shell`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('#root')).toBeEmpty();
    });
  }
});

test('a prerendered page hydrates: no console errors, the form and links work', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // A full load of /login (the app shell, rendered by React).
  await page.reload();
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email address').fill('someone@example.test');
  await page.getByLabel('Password', { exact: true }).fill('not-empty-1');
  await expect(submit).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a signed-out visit with ?email= on /login shows the address (render differs from the build)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/login?email=ada%40example.test');
  await expect(page.getByLabel('Email address')).toHaveValue('ada@example.test');
  expect(errors).toEqual([]);
});

test('the prerendered viewer hydrates and goes on to what the share says', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`/view-shared-cv/${'ab'.repeat(12)}`);
  await expect(page.getByRole('heading', { name: 'CV Not Found' })).toBeVisible();
  await expect(page.getByText('Loading CV...')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The app's stylesheet comes inlined in a prerendered page; the lazy page's loader must not
// fetch it again (it held the page's module until it arrived).
for (const path of ['/', '/hr-introduction', `/view-shared-cv/${'ab'.repeat(12)}`]) {
  test(`${path} does not fetch the stylesheet its HTML inlines`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const inlined = await page
      .locator('link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(inlined.length).toBeGreaterThan(0);
    expect(fetched.filter((f) => inlined.includes(f))).toEqual([]);
  });
}
