import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { loginAs, callAs, type Who } from '../test/build-test-app.ts';
import {
  buildMediaTestApp,
  makeVideo,
  png,
  upload,
  type Adapter,
  type MediaTestApp,
} from '../test/media-test-kit.ts';
import { ABOUT_ACCOUNT_JSON, EXPORT_README, exportedMediaName } from './account-export.ts';
import { DELETE_ACCOUNT_MESSAGES } from './account.routes.ts';

let t: MediaTestApp;

type Rows = Record<string, Record<string, unknown>[]>;

const call = callAs(() => t);

/** Tables that hold no one's data: the migrator's own. Any other table must be in the export. */
const NOT_USER_DATA = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  // Requests to rebuild derived data after an upgrade (decision 0018): nobody's rows.
  'derived_rebuilds',
  // Spent upload signatures: opaque MACs, kept ten minutes, naming no one.
  'used_upload_signatures',
]);

/** Every table and its columns, read from the database itself. */
async function schema(): Promise<Map<string, string[]>> {
  const rows =
    t.db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
      ? await sql<{ t: string; c: string }>`
          select table_name as t, column_name as c from information_schema.columns
          where table_schema = current_schema()`.execute(t.db)
      : await sql<{ t: string; c: string }>`
          select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(t.db);
  const out = new Map<string, string[]>();
  for (const { t: table, c } of rows.rows) out.set(table, [...(out.get(table) ?? []), c]);
  return out;
}

/** Per table, the rows in which any column holds one of `ids`. */
async function rowsNaming(ids: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, columns] of await schema()) {
    const where = sql.join(
      columns.map((c) => sql`cast(${sql.ref(c)} as text) in (${sql.join(ids)})`),
      sql` or `,
    );
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db);
    if (Number(rows[0]!.n) > 0) out[table] = Number(rows[0]!.n);
  }
  return out;
}

async function uploadPhoto(who: Who) {
  const res = await upload(
    t,
    who.cookie,
    'image',
    { data: await png(), filename: 'p.png', contentType: 'image/png' },
    { preset: 'photo' },
  );
  expect(res.statusCode, res.body).toBe(200);
  const { public_id } = res.json<{ public_id: string }>();
  expect(
    (await call(who, 'POST', '/api/photo', { title: 'Me', publicId: public_id })).statusCode,
  ).toBeLessThan(300);
}

/** A candidate with sections, a photo, a share, a listed public CV; an HR user saving it. */
async function candidateWithEverything() {
  const me = await loginAs(t, { fullName: 'Thandi Mokoena' });
  await call(me, 'POST', '/api/personal-info', { fullName: 'Thandi Mokoena' });
  await call(me, 'POST', '/api/skill', { skill: 'TypeScript', proficiency: 5 });
  // A section of their own, with an entry (issue 30).
  const custom = await call(me, 'POST', '/api/custom-sections', { title: 'Volunteering' });
  const customId = custom.json().data[0]._id as string;
  await call(me, 'POST', `/api/custom-sections/${customId}/entries`, { title: 'Coach' });
  await uploadPhoto(me);
  const cvId = (await call(me, 'GET', '/api/curriculum-vitae')).json()._id as string;
  const share = await call(me, 'POST', '/api/share-cv', {
    curriculumVitaeID: cvId,
    subject: 'My CV',
    message: 'Dear Hiring Manager,\n\nPlease consider my CV.',
    recipients: [{ email: 'boss@acme.example', key: 'r0' }],
    assignedPhotoUrl: null,
  });
  expect(share.statusCode, share.body).toBeLessThan(300);
  expect((await call(me, 'POST', '/api/public-cv/toggle')).json()).toMatchObject({
    isListed: true,
  });
  const hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true });
  const listing = (await call(hr, 'GET', '/api/public-cv/browse'))
    .json()
    .data.find((d: { fullName: string }) => d.fullName === 'Thandi Mokoena');
  const saved = (await call(hr, 'POST', `/api/public-cv/save/${listing._id}`)).json().data;
  await call(hr, 'PUT', `/hr/saved-cv/${saved._id}/notes`, { content: 'Strong TypeScript' });
  await call(hr, 'PUT', `/hr/saved-cv/${saved._id}/rank`, { rank: 'good' });
  return { me, hr, cvId, publicCvId: listing._id as string, savedId: saved._id as string };
}

async function exportZip(who: Who): Promise<Record<string, Uint8Array>> {
  const start = await call(who, 'POST', '/api/account/export');
  expect(start.statusCode, start.body).toBe(202);
  expect((await call(who, 'POST', '/api/account/export')).statusCode).toBe(409);
  let status = start.json();
  for (let i = 0; i < 100 && status.status !== 'ready'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await call(who, 'GET', '/api/account/export')).json().export;
  }
  expect(status).toMatchObject({ status: 'ready', progress: 100 });
  const file = await call(who, 'GET', '/api/account/export/download');
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toMatch(/attachment/);
  return unzipSync(new Uint8Array(file.rawPayload));
}

describe.each<Adapter>(['local', 's3'])('on %s storage', (adapter) => {
  beforeAll(async () => {
    t = await buildMediaTestApp(adapter);
  });
  afterAll(() => t.close());

  describe('Export my account', () => {
    it('holds the JSON Resume, every user-keyed table and the media files', async () => {
      const { me, hr } = await candidateWithEverything();
      const files = await exportZip(me);
      const resume = JSON.parse(strFromU8(files['resume.json']!));
      expect(resume.basics.name).toBe('Thandi Mokoena');
      const account = JSON.parse(strFromU8(files['account.json']!)) as {
        about: string;
        tables: Rows;
        omittedColumns: Record<string, string[]>;
      };
      expect(account.about).toBe(ABOUT_ACCOUNT_JSON);

      // Every table of the schema is there (a new table cannot be forgotten)...
      const tables = [...(await schema()).keys()].filter((n) => !NOT_USER_DATA.has(n));
      expect(Object.keys(account.tables).sort()).toEqual(tables.sort());
      // ...with every row that names the user.
      for (const [table, n] of Object.entries(await rowsNaming([me.userId]))) {
        const exported = account.tables[table]!.filter((row) =>
          Object.values(row).includes(me.userId),
        );
        // The "ready" notification is written after the file.
        expect(exported.length, table).toBe(table === 'notifications' ? n - 1 : n);
      }
      expect(account.tables.cv_shares).toHaveLength(1);
      expect(account.tables.public_cv_name_tokens!.length).toBeGreaterThan(0);
      expect(account.tables.media).toHaveLength(1);
      // Never a secret, nor another user's private notes on this CV.
      expect(account.omittedColumns).toMatchObject({
        users: ['password_hash'],
        cv_shares: ['pin_hash'],
      });
      const text = strFromU8(files['account.json']!);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain('Strong TypeScript');
      expect(account.tables.hr_saved_cvs).toEqual([]);

      const media = Object.keys(files).filter((n) => n.startsWith('media/'));
      expect(media).toEqual([expect.stringMatching(/^media\/photo-[0-9a-f]{24}\.png$/)]);

      // The HR user's export holds their saves, ranks and notes.
      const hrFiles = await exportZip(hr);
      const hrTables = JSON.parse(strFromU8(hrFiles['account.json']!)).tables as Rows;
      expect(hrTables.hr_saved_cvs).toMatchObject([{ rank: 'good' }]);
      expect(hrTables.hr_notes).toMatchObject([{ content: 'Strong TypeScript' }]);

      // After its time the file is deleted and can no longer be downloaded.
      const row = await t.db
        .selectFrom('account_exports')
        .select(['id', 'file_key'])
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow();
      expect(t.storedKeys()).toContain(row.file_key);
      await t.db
        .updateTable('account_exports')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      const expiredRes = await call(me, 'GET', '/api/account/export');
      expect(expiredRes.json()).toHaveProperty('export.status', 'expired');
      expect((await call(me, 'GET', '/api/account/export/download')).statusCode).toBe(404);
      // The next job anyone runs sweeps the file away.
      await exportZip(await loginAs(t));
      expect(t.storedKeys()).not.toContain(row.file_key);

      // A notification said it was ready.
      const notes = (await call(me, 'GET', '/api/notifications')).body;
      expect(notes).toContain('Your account export is ready');
    });

    it('holds the stored video, named as the converted copy, and says so in README.txt', async () => {
      const me = await loginAs(t);
      const original = makeVideo(2, 'webm');
      const res = await upload(t, me.cookie, 'video', {
        data: original,
        filename: 'me.webm',
        contentType: 'video/webm',
      });
      expect(res.statusCode, res.body).toBe(200);
      const video = res.json<{ url: string; public_id: string }>();
      const added = await call(me, 'POST', '/api/first-impression', { videoUrl: video.url });
      expect(added.statusCode, added.body).toBeLessThan(300);
      const stored = await t.db
        .selectFrom('media')
        .select(['file_key', 'size'])
        .where('id', '=', video.public_id)
        .executeTakeFirstOrThrow();

      const files = await exportZip(me);
      expect(strFromU8(files['README.txt']!)).toBe(EXPORT_README);
      expect(EXPORT_README).toContain('this is\n');
      const name = `media/video-${video.public_id}-converted.mp4`;
      expect(Object.keys(files).filter((n) => n.startsWith('media/'))).toEqual([name]);
      // The bytes Vitae keeps and plays, not re-encoded on the way out.
      expect(files[name]!.length).toBe(stored.size);
      expect(files[name]!.length).not.toBe(original.length);
    });

    it('names a video Vitae could not convert as uploaded', () => {
      const row = { id: 'a'.repeat(24), purpose: 'video', content_type: 'video/quicktime' };
      expect(exportedMediaName({ ...row, thumb_key: null })).toBe(
        `media/video-${'a'.repeat(24)}-as-uploaded.mov`,
      );
      expect(exportedMediaName({ ...row, content_type: 'video/mp4', thumb_key: 'p.jpg' })).toBe(
        `media/video-${'a'.repeat(24)}-converted.mp4`,
      );
    });
  });

  describe('Export my account: other people in it', () => {
    it('leaves out a recipient’s address and browser, and adds the listing’s views and requests', async () => {
      const { me, hr, cvId, savedId } = await candidateWithEverything();
      // The recipient opens the share on a phone.
      const mail = (await t.outbox()).find((m) => m.text.includes(`/view-shared-cv/${cvId}`))!;
      const link = new URL(/Open it here: (\S+)/.exec(mail.text)![1]!);
      const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
      const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
      const headers = { 'user-agent': phone };
      const unlocked = await t.app.inject({
        method: 'POST',
        url: '/api/share-cv/unlock',
        payload: { cvId, shareId: link.searchParams.get('share'), pin },
        headers,
        remoteAddress: '203.0.113.77',
      });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      const grant = unlocked.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const tracked = await t.app.inject({
        method: 'POST',
        url: '/api/share-cv/track-view',
        payload: { curriculumVitaeID: cvId },
        headers: { ...headers, cookie: grant },
        remoteAddress: '203.0.113.77',
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
      // An HR user views the listing and asks for the contact details.
      await call(me, 'PUT', '/api/public-cv/contact-mode', { mode: 'on-request' });
      expect((await call(hr, 'POST', `/hr/saved-cv/${savedId}/views`)).statusCode).toBe(200);
      const asked = await call(hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`);
      expect(asked.statusCode, asked.body).toBe(201);

      const files = await exportZip(me);
      const text = strFromU8(files['account.json']!);
      const account = JSON.parse(text);
      expect(text).not.toContain('203.0.113.77');
      expect(text).not.toContain('iPhone');
      expect(account.tables.cv_views).toEqual([
        expect.objectContaining({ device_kind: 'phone', video_percent: 0 }),
      ]);
      expect(account.tables.cv_views[0]).not.toHaveProperty('ip_address');
      expect(account.omittedColumns.cv_views).toEqual(['ip_address', 'user_agent']);
      expect(account.yourPublicListing).toEqual({
        views: [expect.objectContaining({ hr_user_name: 'Rita Recruiter' })],
        contactRequests: [
          expect.objectContaining({ hr_user_name: 'Rita Recruiter', status: 'pending' }),
        ],
      });
    });
  });

  describe('Delete my account', () => {
    it('needs the password, then leaves no row and no file of the user', async () => {
      const { me, hr, cvId, publicCvId, savedId } = await candidateWithEverything();
      await exportZip(me);
      const other = await loginAs(t);
      await call(other, 'POST', '/api/skill', { skill: 'Go', proficiency: 4 });
      await uploadPhoto(other);
      const mine = await t.db
        .selectFrom('media')
        .select('file_key')
        .where('user_id', '=', me.userId)
        .execute();
      const theirs = await t.db
        .selectFrom('media')
        .select('file_key')
        .where('user_id', '=', other.userId)
        .execute();
      const exported = await t.db
        .selectFrom('account_exports')
        .select('file_key')
        .where('user_id', '=', me.userId)
        .executeTakeFirstOrThrow();
      const before = t.storedKeys();
      expect(before).toEqual(
        expect.arrayContaining([...mine, ...theirs, exported].map((m) => m.file_key)),
      );
      const otherRows = await rowsNaming([other.userId]);

      const wrong = await call(me, 'POST', '/api/account/delete', { password: 'nope-nope' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors.password).toBe(DELETE_ACCOUNT_MESSAGES.wrongPassword);
      expect(await rowsNaming([me.userId])).not.toEqual({});

      const res = await call(me, 'POST', '/api/account/delete', { password: 'secret123' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.find((c) => c.name === 'vitae_sid')?.value).toBe('');

      // Zero rows anywhere name the user, their CV, listing or the HR save of it.
      expect(await rowsNaming([me.userId, cvId, publicCvId, savedId])).toEqual({});
      expect(await rowsNaming([other.userId])).toEqual(otherRows);
      const after = t.storedKeys();
      for (const { file_key } of mine) expect(after).not.toContain(file_key);
      expect(after).not.toContain(exported.file_key);
      for (const { file_key } of theirs) expect(after).toContain(file_key);

      expect((await call(me, 'GET', '/api/skill')).statusCode).toBe(401);
      expect((await call(hr, 'GET', '/hr/saved-cv/saved-cvs')).json().data).toEqual([]);
      const browse = (await call(hr, 'GET', '/api/public-cv/browse')).json().data;
      expect(browse.map((d: { _id: string }) => d._id)).not.toContain(publicCvId);
      const mail = (await t.outbox()).find((m) => m.to === me.email);
      expect(mail?.subject).toBe('Your Vitae account has been deleted');
    });
  });
});
