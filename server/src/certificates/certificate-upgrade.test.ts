import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { migrationProvider } from '../db/migrations/index.ts';

/**
 * Migration 033 rebuilds `certificates` (issue 32): a database holding certificates with files
 * reads them back the same, with empty details; a certificate may then have no file, and the
 * table still refuses a malformed date. The world-wide upgrade test covers the rest.
 */
describe('migration 033 on a database with certificates', () => {
  it('keeps every certificate and its file, and lets a new one go without a file', async () => {
    const now = '2026-01-02T03:04:05.000Z';
    const ids = { user: 'a'.repeat(24), media: 'b'.repeat(24), cert: 'c'.repeat(24) };
    const before = {
      id: ids.cert,
      user_id: ids.user,
      media_id: ids.media,
      title: 'First aid',
      created_at: now,
      updated_at: now,
    };
    const t = await buildTestApp({
      beforeUpgrade: async (db) => {
        const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
          '029-public-links',
        );
        expect(error).toBeUndefined();
        await sql`insert into users (id, full_name, email, email_lower, password_hash, is_hr,
            is_verified, affiliate_code, pending_cv_to_save, created_at, updated_at)
          values (${ids.user}, 'Old User', 'old@example.com', 'old@example.com', 'x', 0, 1,
            'OLD1', null, ${now}, ${now})`.execute(db);
        await sql`insert into media (id, user_id, purpose, resource_type, content_type, file_key,
            thumb_key, size, duration_ms, created_at)
          values (${ids.media}, ${ids.user}, 'certificate', 'raw', 'application/pdf', 'k.pdf',
            null, 10, null, ${now})`.execute(db);
        await sql`insert into certificates (id, user_id, media_id, title, created_at, updated_at)
          values (${before.id}, ${before.user_id}, ${before.media_id}, ${before.title},
            ${before.created_at}, ${before.updated_at})`.execute(db);
      },
    });
    try {
      const rows = await t.db.selectFrom('certificates').selectAll().execute();
      expect(rows).toEqual([{ ...before, issuer: '', issued_on: '', url: '' }]);
      const user = await t.db
        .selectFrom('users')
        .select('email_contact_requests')
        .where('id', '=', ids.user)
        .executeTakeFirstOrThrow();
      expect(user.email_contact_requests).toBe(1);

      await t.db
        .insertInto('certificates')
        .values({
          id: 'd'.repeat(24),
          user_id: ids.user,
          media_id: null,
          title: 'AWS SA',
          issuer: 'Amazon',
          issued_on: '2020-03',
          url: 'https://aws.example/v',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await expect(
        t.db
          .insertInto('certificates')
          .values({
            id: 'e'.repeat(24),
            user_id: ids.user,
            media_id: null,
            title: 'Bad',
            issued_on: 'March 2020',
            created_at: now,
            updated_at: now,
          })
          .execute(),
      ).rejects.toThrow();
      expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
