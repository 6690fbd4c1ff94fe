import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CERTIFICATE_MESSAGES, MAX_CERTIFICATES, MAX_PHOTOS, PHOTO_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { mediaTestAppForFile, pdf, png, upload } from '../test/media-test-kit.ts';

const t = mediaTestAppForFile('local');

const KINDS = [
  {
    kind: 'photo',
    table: 'photos',
    url: '/api/photo',
    max: MAX_PHOTOS,
    full: PHOTO_MESSAGES.tooMany,
    extra: { assigned: 0 },
    file: async () => ({
      kind: 'image' as const,
      data: await png(),
      filename: 'p.png',
      contentType: 'image/png',
      preset: 'photo' as const,
    }),
  },
  {
    kind: 'certificate',
    table: 'certificates',
    url: '/api/certificate',
    max: MAX_CERTIFICATES,
    full: CERTIFICATE_MESSAGES.tooMany,
    extra: {},
    file: async () => ({
      kind: 'raw' as const,
      data: pdf(),
      filename: 'c.pdf',
      contentType: 'application/pdf',
      preset: undefined,
    }),
  },
] as const;

type Kind = (typeof KINDS)[number];

describe.each(KINDS)('$kind: at most $max per user', (k: Kind) => {
  /** `n` entries straight in the database: uploading them would hit the upload rate limit. */
  async function fill(userId: string, n: number) {
    const now = nowIso();
    const files = Array.from({ length: n }, () => newId());
    await t.db
      .insertInto('media')
      .values(
        files.map((id) => ({
          id,
          user_id: userId,
          purpose: k.kind,
          resource_type: k.kind === 'photo' ? 'image' : 'raw',
          content_type: k.kind === 'photo' ? 'image/png' : 'application/pdf',
          file_key: `${id}.${k.kind === 'photo' ? 'png' : 'pdf'}`,
          thumb_key: null,
          size: 1,
          duration_ms: null,
          created_at: now,
        })),
      )
      .execute();
    const rows = files.map((mediaId, i) => ({
      id: newId(),
      user_id: userId,
      media_id: mediaId,
      title: `Filled ${i}`,
      created_at: now,
      updated_at: now,
      ...k.extra,
    }));
    await t.db.insertInto(k.table).values(rows).execute();
  }

  async function uploaded(cookie: string): Promise<string> {
    const { kind, preset, ...file } = await k.file();
    const res = await upload(t, cookie, kind, file, preset ? { preset } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ public_id: string }>().public_id;
  }

  const add = (cookie: string, publicId: string) =>
    t.app.inject({
      method: 'POST',
      url: k.url,
      headers: { cookie },
      payload: { title: 'One more', publicId },
    });

  async function count(userId: string): Promise<number> {
    const { rows } = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM ${sql.table(k.table)} WHERE user_id = ${userId}`.execute(t.db);
    return Number(rows[0]!.n);
  }

  it('refuses an add at the cap with 409 and changes nothing', async () => {
    const { cookie, userId } = await loginAs(t);
    await fill(userId, k.max);
    const publicId = await uploaded(cookie);
    const res = await add(cookie, publicId);
    console.log(`${k.kind} add at the cap:`, res.statusCode, res.json().error);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: k.full });
    expect(await count(userId)).toBe(k.max);
    // The upload stays unattached (the sweeper's to collect); an earlier entry is deleted...
    const [first] = (await t.app.inject({ url: k.url, headers: { cookie } })).json().data;
    const del = await t.app.inject({
      method: 'POST',
      url: `${k.url}/delete`,
      headers: { cookie },
      payload: { id: first._id },
    });
    expect(del.statusCode, del.body).toBe(200);
    // ...and there is room for it again.
    expect((await add(cookie, publicId)).statusCode).toBe(201);
    expect(await count(userId)).toBe(k.max);
  });

  it('parallel adds one short of the cap store exactly the cap', async () => {
    const { cookie, userId } = await loginAs(t);
    await fill(userId, k.max - 1);
    const files: string[] = [];
    for (let i = 0; i < 5; i++) files.push(await uploaded(cookie));
    const res = await Promise.all(files.map((publicId) => add(cookie, publicId)));
    const statuses = res.map((r) => r.statusCode).sort();
    console.log(`${k.kind} 5 parallel adds at cap-1:`, statuses.join(','));
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of res.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ error: k.full });
    }
    expect(await count(userId)).toBe(k.max);
  });
});
