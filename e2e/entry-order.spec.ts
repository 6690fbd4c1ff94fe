import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

/*
 * Issue 17, order: a list section's entries are put in order by dragging a handle with the
 * mouse, or from the keyboard; the live preview, View CV and a reload follow the new order.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

const entries = (page: Page) => page.getByRole('list', { name: 'Your skill entries' });
const handle = (page: Page, name: string) => page.getByRole('button', { name: `Move ${name}` });
const preview = (page: Page) => page.frameLocator('[data-preview-page="1"] iframe').locator('body');

/** The entries' names as the editor lists them. */
const listed = (page: Page) =>
  entries(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent?.trim()));

/** The order in which `names` appear in a block of text. */
async function orderIn(where: Locator, names: string[]): Promise<string[]> {
  const text = await where.innerText();
  return names.filter((n) => text.includes(n)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
}

/** Until the entries stop sliding into their new places (the drop animates them). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      entries(page)
        .getByRole('listitem')
        .evaluateAll((items) => items.every((li) => !(li as HTMLElement).style.transform)),
    )
    .toBe(true);

const SKILLS = ['Welding', 'Forklift', 'Rigging'];

/** Waits for the next order the page sends, and for its answer. */
const orderSaved = (page: Page) =>
  page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/skill\/order$/.test(r.url()),
  );

async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // In steps, past the pointer sensor's 4 px start and over the target's upper half.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 5, { steps: 15 });
  await page.mouse.up();
}

test('entries move by mouse and keyboard; preview, View CV and a reload follow', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createVerifiedUser(page, { fullName: 'Order Person' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  for (const skill of SKILLS) {
    const res = await page.request.post('/api/skill', { data: { skill, proficiency: 3 } });
    expect(res.status()).toBe(201);
  }

  await page.goto('/app/cv-builder?tab=skills');
  await expect(handle(page, 'Rigging')).toBeVisible();
  expect(await listed(page)).toEqual(SKILLS);
  await expect.poll(() => orderIn(preview(page), SKILLS)).toEqual(SKILLS);

  await page.screenshot({ path: `${SHOTS}/entry-order-handles-1280.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  const serious = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(handle(page, 'Rigging')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/entry-order-handles-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The mouse: Rigging's handle dragged onto Welding puts Rigging first.
  const dragged = orderSaved(page);
  await drag(page, handle(page, 'Rigging'), entries(page).getByRole('listitem').first());
  expect((await dragged).status()).toBe(200);
  const afterDrag = ['Rigging', 'Welding', 'Forklift'];
  expect(await listed(page)).toEqual(afterDrag);
  await expect.poll(() => orderIn(preview(page), SKILLS)).toEqual(afterDrag);

  // The keyboard: Space lifts Welding, the down arrow moves it, Space drops it.
  await settled(page);
  const moved = orderSaved(page);
  await handle(page, 'Welding').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Picked up Welding' })).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/entry-order-lifted-1280.png` });
  // dnd-kit measures the entries just after the lift: a key sent sooner is not a move yet.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('status').filter({ hasText: 'Welding moved to position 3 of 3' }),
    ).toBeAttached({ timeout: 500 });
  }).toPass();
  await page.keyboard.press('Space');
  expect((await moved).status()).toBe(200);
  const afterKeys = ['Rigging', 'Forklift', 'Welding'];
  await expect.poll(() => listed(page)).toEqual(afterKeys);
  await expect.poll(() => orderIn(preview(page), SKILLS)).toEqual(afterKeys);
  await expect(handle(page, 'Welding')).toBeFocused();

  // View CV (the one-request CV, reached in the app) and a reload show the same order.
  await page.getByRole('link', { name: 'View CV' }).first().click();
  await expect(page.locator('.cv-sheet')).toBeVisible();
  expect(await orderIn(page.locator('.cv-sheet'), SKILLS)).toEqual(afterKeys);
  await page.reload();
  await expect(page.locator('.cv-sheet')).toBeVisible();
  expect(await orderIn(page.locator('.cv-sheet'), SKILLS)).toEqual(afterKeys);

  await page.goto('/app/cv-builder?tab=skills');
  await expect(handle(page, 'Rigging')).toBeVisible();
  expect(await listed(page)).toEqual(afterKeys);
  await expect.poll(() => orderIn(preview(page), SKILLS)).toEqual(afterKeys);
});
