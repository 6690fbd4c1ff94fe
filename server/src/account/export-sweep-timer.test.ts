import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { newId } from '../db/ids.ts';
import type { Storage } from '../plugins/storage.ts';
import { accountExports } from './account-export.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A ready export whose time ran out a minute ago, its file still stored. */
async function expiredExport(): Promise<string> {
  const { userId } = await loginAs(t);
  const id = newId();
  const past = new Date(Date.now() - 60_000).toISOString();
  await t.db
    .insertInto('account_exports')
    .values({
      id,
      user_id: userId,
      status: 'ready',
      progress: 100,
      file_key: `export-${id}.zip`,
      size: 1,
      created_at: past,
      updated_at: past,
      expires_at: past,
    })
    .execute();
  return id;
}

const statusOf = async (id: string) =>
  (
    await t.db
      .selectFrom('account_exports')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('the periodic removal of expired account exports', () => {
  it('removes an expired export’s file within 10 minutes (ROLE=all, ROLE=worker)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const removed: string[] = [];
    const storage = { remove: async (key: string) => void removed.push(key) } as Storage;
    const id = await expiredExport();
    const exports = accountExports({ db: t.db, storage, events: t.events });
    try {
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await vi.waitFor(async () => expect(await statusOf(id)).toBe('expired'));
      expect(removed).toEqual([`export-${id}.zip`]);
    } finally {
      exports.close();
    }
  });

  it('runs no timer with sweepOnTimer false (ROLE=web): a worker does it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const removed: string[] = [];
    const storage = { remove: async (key: string) => void removed.push(key) } as Storage;
    const id = await expiredExport();
    const exports = accountExports(
      { db: t.db, storage, events: t.events },
      { sweepOnTimer: false },
    );
    try {
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(await statusOf(id)).toBe('ready');
      expect(removed).toEqual([]);
    } finally {
      exports.close();
    }
  });
});
