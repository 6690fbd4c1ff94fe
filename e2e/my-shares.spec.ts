import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

// My shares with a few shares in every state, and the recipient's revoked page: the API is
// intercepted so the screenshots show each state at once; the page itself is the real build.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const CV_ID = 'c'.repeat(24);
const id = (n: number) => n.toString(16).padStart(24, '0');
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const daysAhead = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

function share(n: number, email: string, over: Record<string, unknown>) {
  return {
    _id: id(n),
    curriculumVitaeID: CV_ID,
    subject: 'CV Application - Naledi Dlamini',
    message: 'Dear Hiring Manager',
    recipients: [{ email, key: `k${n}` }],
    recipientName: null,
    CVTemplate: 'template01',
    assignedPhotoUrl: null,
    recipientEmail: email,
    createdAt: hoursAgo(n * 30),
    expiresAt: daysAhead(30 - n),
    revokedAt: null,
    status: 'sent',
    viewCount: 0,
    lastViewedAt: null,
    ...over,
  };
}

const SHARES = [
  share(1, 'talent@globex-industries.example', {
    status: 'opened',
    viewCount: 3,
    lastViewedAt: hoursAgo(2),
  }),
  share(2, 'hr@acme.example', { expiresAt: null }),
  share(3, 'recruiting.team.with.a.long.address@initech-consulting.example', {}),
  share(4, 'jobs@umbrella.example', {
    status: 'expired',
    expiresAt: hoursAgo(20),
    viewCount: 1,
    lastViewedAt: hoursAgo(100),
  }),
  share(5, 'people@hooli.example', { status: 'revoked', revokedAt: hoursAgo(30) }),
];
const VIEWS = [
  { _id: id(91), viewedAt: hoursAgo(2), deviceKind: 'phone', videoPercent: 85 },
  { _id: id(92), viewedAt: hoursAgo(5), deviceKind: 'desktop', videoPercent: 0 },
  { _id: id(93), viewedAt: hoursAgo(26), deviceKind: 'tablet', videoPercent: 100 },
];

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function serveShares(page: Page) {
  const rows = SHARES.map((s) => ({ ...s }));
  await page.route(
    (url) => url.pathname.startsWith('/api/share-cv'),
    (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/api/share-cv' && route.request().method() === 'GET') {
        const page = Number(url.searchParams.get('page') ?? 1);
        return json(route, { data: page === 1 ? rows : [], total: 25, page, pageSize: 20 });
      }
      const m = /^\/api\/share-cv\/([0-9a-f]{24})\/(views|revoke)$/.exec(url.pathname);
      if (m?.[2] === 'views') return json(route, { data: VIEWS });
      const row = rows.find((r) => r._id === m?.[1]);
      if (m?.[2] === 'revoke' && row) {
        Object.assign(row, { status: 'revoked', revokedAt: new Date().toISOString() });
        return json(route, row);
      }
      return route.fallback();
    },
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('My shares lists every state, pages, shows a trail and revokes', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const user = await createVerifiedUser(page, { fullName: 'Naledi Dlamini' });
  await serveShares(page);
  await signIn(page, user.email, user.password);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // Reached from the dashboard.
  await page
    .getByRole('navigation', { name: 'Dashboard actions' })
    .getByRole('link', { name: 'My shares' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My shares' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Shares' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(list.getByTestId('share-status')).toHaveText([
    'Opened',
    'Sent',
    'Sent',
    'Expired',
    'Revoked',
  ]);
  const first = list.getByRole('listitem').first();
  await first.getByRole('button', { name: 'Views' }).click();
  await expect(first.getByRole('list', { name: 'View trail' }).getByRole('listitem')).toHaveCount(
    3,
  );
  expect(await seriousViolations(page)).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/my-shares-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Revoke, by keyboard, after confirming.
  const hr = list.getByRole('listitem').filter({ hasText: 'hr@acme.example' });
  await hr.getByRole('button', { name: 'Revoke' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Revoke this share?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(hr.getByTestId('share-status')).toHaveText('Revoked');
  await expect(hr.getByRole('button', { name: 'Resend' })).toBeDisabled();

  // Pages: the page is in the address.
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/\/app\/my-shares\?page=2$/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
});

test('a revoked share shows the recipient a plain page', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.route(
    (url) => url.pathname.startsWith('/api/share-cv/by-cv-id/'),
    (route) => json(route, { error: 'This CV is no longer shared.', reason: 'revoked' }, 410),
  );
  await page.goto(`/view-shared-cv/${CV_ID}?share=${id(5)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This CV is no longer shared.' }),
  ).toBeVisible();
  await expect(page.getByLabel('View pin')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/shared-revoked-${width}.png`, fullPage: true });
  }
});

test('the share wizard offers the expiry choice', async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const user = await createVerifiedUser(page, { fullName: 'Naledi Dlamini' });
  await signIn(page, user.email, user.password);
  await page.goto('/app/share-cv');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await page.getByRole('radio', { name: '90 days' }).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/share-expiry-390.png`, fullPage: true });
});
