import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './helpers.ts';

/** Collects the Socket.IO event names a page receives over its websocket. */
function socketEvents(page: Page): string[] {
  const events: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    ws.on('framereceived', ({ payload }) => {
      // Engine.IO "4" (message) + Socket.IO "2" (event): 42["name",{...}]
      const text = typeof payload === 'string' ? payload : payload.toString();
      const m = /^42(\[.*\])$/s.exec(text);
      if (m) events.push(JSON.stringify(JSON.parse(m[1]!)));
    });
  });
  return events;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('two tabs of one user: live notifications, live data updates, mark read', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const firstEvents = socketEvents(first);
  const user = await createVerifiedUser(first.request, { fullName: 'Tess Tabs' });
  await signIn(first, user.email, user.password);
  await expect(first).toHaveURL(/\/app\/dashboard$/);

  // The second tab shares the session cookie, as a real second tab would.
  const second = await context.newPage();
  const secondEvents = socketEvents(second);
  await second.goto('/app/dashboard');
  await expect(bell(first)).toHaveAccessibleName('Notifications');
  await expect(bell(second)).toHaveAccessibleName('Notifications');
  // Both sockets are connected and placed in the user's room before anything happens: an
  // edit's live update reaches both. Each socket opens once its page is idle, so the test edits
  // until both have heard an edit, rather than guessing when they are in the room.
  const heard = () =>
    [firstEvents, secondEvents].every((events) =>
      events.some((e) => e.startsWith('["data-updated",{"dataType":"interest"')),
    );
  let edits = 0;
  await expect
    .poll(async () => {
      if (heard()) return true;
      const edit = await first.request.post('/api/interest', {
        data: { interest: `Warming up ${++edits}` },
      });
      expect(edit.ok()).toBeTruthy();
      return false;
    })
    .toBe(true);

  // A notification created by the server shows in both tabs, without a reload, within 2 s.
  const created = await first.request.post('/dev/notifications', {
    data: { type: 'cv-viewed', title: 'CV Viewed', message: 'Rita viewed your CV' },
  });
  expect(created.status()).toBe(201);
  for (const page of [first, second]) {
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 });
  }

  // An edit made through the first tab's session reaches the second tab's channel within 2 s.
  const edit = await first.request.post('/api/skill', {
    data: { skill: 'Realtime testing', proficiency: 4 },
  });
  expect(edit.ok()).toBeTruthy();
  await expect
    .poll(() => secondEvents.some((e) => e.startsWith('["data-updated",{"dataType":"skill"')), {
      timeout: 2_000,
    })
    .toBe(true);

  // The bell lists it and marks it read (the server keeps it read after a reload).
  await bell(second).click();
  const panel = second.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('CV Viewed')).toBeVisible();
  await expect(panel.getByText('Rita viewed your CV')).toBeVisible();
  await expect(panel.getByText('Just now')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark "CV Viewed" as read' }).click();
  await expect(bell(second)).toHaveAccessibleName('Notifications');
  await second.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(second)).toBeFocused();

  await second.reload();
  await expect(bell(second)).toHaveAccessibleName('Notifications');
  await bell(second).click();
  await expect(
    second.getByRole('dialog', { name: 'Notifications' }).getByText('CV Viewed'),
  ).toBeVisible();

  await context.close();
});
