import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

// Issue 32: at 375 px every signed-in screen stays within the screen's width, and every panel
// or dialog it opens lies inside the viewport. Screens are kept for a person to look at.
const WIDTH = 375;
const HEIGHT = 812;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens-h32';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage: false });

/** Nothing on the page reaches past the right edge: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} scrolls sideways`).toBeLessThanOrEqual(WIDTH);
}

/** The element's box lies inside the viewport (1 px of rounding allowed). */
async function expectInsideViewport(el: Locator, where: string) {
  const box = await el.boundingBox();
  expect(box, `${where} has no box`).not.toBeNull();
  expect(box!.x, `${where} starts left of the screen`).toBeGreaterThanOrEqual(-1);
  expect(box!.y, `${where} starts above the screen`).toBeGreaterThanOrEqual(-1);
  expect(box!.x + box!.width, `${where} ends right of the screen`).toBeLessThanOrEqual(WIDTH + 1);
  expect(box!.y + box!.height, `${where} ends below the screen`).toBeLessThanOrEqual(HEIGHT + 1);
}

/** Opens the bell's panel and checks it, its title and its buttons are on screen. */
async function checkBellPanel(page: Page, name: string) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expectInsideViewport(panel, `${name}: the notification panel`);
  await expectInsideViewport(panel.getByRole('heading', { name: 'Notifications' }), name);
  await expectInsideViewport(panel.getByRole('button', { name: 'Mark all read' }), name);
  await shot(page, `${name}-notifications`);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

/** The dialog and its backdrop: the panel on screen, the backdrop over all of it. */
async function checkDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectInsideViewport(dialog, `${name}: the dialog`);
  // The bottom row of pixels is dimmed too: what lies there is the backdrop, not the page.
  const covered = await page.evaluate(
    ({ w, h }) =>
      [2, w / 2, w - 2].every((x) => {
        const el = document.elementFromPoint(x, h - 2);
        return !!el && el.getAttribute('aria-hidden') === 'true' && !!el.closest('.fixed');
      }),
    { w: WIDTH, h: HEIGHT },
  );
  expect(covered, `${name}: the backdrop leaves the screen's foot undimmed`).toBe(true);
  await shot(page, `${name}-dialog`);
}

test('every signed-in screen fits a 375 px phone, with its panels and dialogs', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  const page = await context.newPage();
  const me = await createVerifiedUser(page, { fullName: 'Phone Person' });
  await signIn(page, me.email, me.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  const screens: [string, string, RegExp][] = [
    ['dashboard', '/app/dashboard', /Phone Person|Dashboard/],
    ['builder', '/app/cv-builder?tab=personalInfo', /Personal Information/],
    ['builder-skills', '/app/cv-builder?tab=skills', /Skills/],
    ['builder-employment', '/app/cv-builder?tab=employmentHistory', /Employment History/],
    ['view-cv', '/app/view-cv', /.+/],
    ['share-cv', '/app/share-cv', /.+/],
    ['my-shares', '/app/my-shares', /.+/],
    ['settings', '/app/settings', /.+/],
  ];
  for (const [name, url, heading] of screens) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, name);
    await shot(page, name);
  }

  await page.goto('/app/dashboard');
  await checkBellPanel(page, 'dashboard');

  // Unsaved changes: leaving asks first, in a dialog over the whole screen.
  await page.goto('/app/cv-builder?tab=personalInfo');
  await page.getByLabel(/^Full name/).fill('Phone Person Changed');
  await page
    .getByRole('link', { name: /Back to Dashboard/ })
    .first()
    .click();
  await checkDialog(page, 'builder-leave');
  await context.close();

  // An HR user's screens, with the filters open.
  const hrContext = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  const hr = await hrContext.newPage();
  const recruiter = await createVerifiedUser(hr, { fullName: 'Phone Recruiter', hr: true });
  await signIn(hr, recruiter.email, recruiter.password);
  for (const [name, url] of [
    ['hr-dashboard', '/app/hr-dashboard'],
    ['hr-browse', '/app/hr-browse-cvs'],
  ] as const) {
    await hr.goto(url);
    await expect(hr.getByRole('heading').first()).toBeVisible();
    await hr.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(hr, name);
    await shot(hr, name);
  }
  await hr.getByText(/^Filters/).click();
  await expect(hr.getByLabel('Province')).toBeVisible();
  await expectNoSidewaysScroll(hr, 'hr-browse with filters');
  // The panel is part of the page: scrolled to, its fields are within the screen's width.
  await hr.getByLabel('Province').scrollIntoViewIfNeeded();
  await expectInsideViewport(hr.getByLabel('Province'), 'the Province filter');
  await shot(hr, 'hr-browse-filters');
  await checkBellPanel(hr, 'hr-browse');
  await hrContext.close();
});
