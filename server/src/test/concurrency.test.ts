import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import {
  MAX_SECTION_ENTRIES,
  PASSKEYS,
  SECTIONS,
  TOO_MANY_ENTRIES,
  UPLOAD_MESSAGES,
  type SectionKey,
} from '@vitae/core';
import {
  CUSTOM_SECTION_MESSAGES,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
} from '@vitae/core/custom-sections';
import { loginAs, callAs, type Who } from './build-test-app.ts';
import { newId, nowIso } from '../db/ids.ts';
import { buildMediaTestApp, pdf, png, upload, type MediaTestApp } from './media-test-kit.ts';
import { SoftPasskey } from './passkey-authenticator.ts';

/**
 * Every capped or unique rule under parallel requests. On PostgreSQL the pool runs the
 * requests' transactions really in parallel; each rule must hold in the database and no
 * request may answer 5xx.
 */
type Res = LightMyRequestResponse;

let t: MediaTestApp;
beforeAll(async () => {
  t = await buildMediaTestApp('local');
});
afterAll(() => t.close());

const call = callAs(() => t);

/** Fires `n` requests at once. */
const burst = (n: number, send: (i: number) => Promise<Res>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** How many answers had each status; a 5xx fails with its body. */
function tally(responses: Res[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) {
    expect(r.statusCode, r.body).toBeLessThan(500);
    out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  }
  return out;
}

async function rows(table: string, column: string, value: string): Promise<number> {
  const { rows: found } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(
    t.db,
  );
  return Number(found[0]!.n);
}

const sample = (key: SectionKey) => ({ ...(SECTIONS[key].sample[0] as Record<string, unknown>) });

describe('list sections: at most 50 entries', () => {
  it('80 parallel skills store exactly 50; the rest answer 400', async () => {
    const me = await loginAs(t);
    const res = await burst(80, (i) =>
      call(me, 'POST', '/api/skill', { skill: `Skill ${i}`, proficiency: 3 }),
    );
    expect(tally(res)).toEqual({ 201: MAX_SECTION_ENTRIES, 400: 80 - MAX_SECTION_ENTRIES });
    expect(res.find((r) => r.statusCode === 400)!.json().error).toBe(TOO_MANY_ENTRIES);
    expect(await rows('section_skill', 'user_id', me.userId)).toBe(MAX_SECTION_ENTRIES);
  });
});

describe('custom sections: at most 10, with at most 30 entries each', () => {
  it('15 parallel section creates store exactly 10; the rest answer 400', async () => {
    const me = await loginAs(t);
    const res = await burst(15, (i) =>
      call(me, 'POST', '/api/custom-sections', { title: `Section ${i}`, kind: 'other' }),
    );
    expect(tally(res)).toEqual({ 201: MAX_CUSTOM_SECTIONS, 400: 15 - MAX_CUSTOM_SECTIONS });
    expect(res.find((r) => r.statusCode === 400)!.json().error).toBe(
      CUSTOM_SECTION_MESSAGES.tooManySections,
    );
    expect(await rows('custom_sections', 'user_id', me.userId)).toBe(MAX_CUSTOM_SECTIONS);
  });

  it('40 parallel entries into one section store exactly 30; the rest answer 400', async () => {
    const me = await loginAs(t);
    const made = await call(me, 'POST', '/api/custom-sections', { title: 'Awards' });
    const id = made.json().data[0]._id as string;
    const res = await burst(40, (i) =>
      call(me, 'POST', `/api/custom-sections/${id}/entries`, { title: `Award ${i}` }),
    );
    expect(tally(res)).toEqual({ 201: MAX_CUSTOM_ENTRIES, 400: 40 - MAX_CUSTOM_ENTRIES });
    expect(res.find((r) => r.statusCode === 400)!.json().error).toBe(
      CUSTOM_SECTION_MESSAGES.tooManyEntries,
    );
    expect(await rows('custom_section_entries', 'section_id', id)).toBe(MAX_CUSTOM_ENTRIES);
  });
});

describe.each(['personal-info', 'contact-info', 'personal-summary'] as const)(
  'single record section %s',
  (key) => {
    it('10 parallel first saves store one record', async () => {
      const me = await loginAs(t);
      const res = await burst(10, () => call(me, 'POST', `/api/${key}`, sample(key)));
      expect(tally(res)).toEqual({ 201: 1, 200: 9 });
      const table = `section_${key.replace(/-/g, '_')}`;
      expect(await rows(table, 'user_id', me.userId)).toBe(1);
    });
  },
);

describe.each([
  ['interest', 'This interest already exists'],
  ['attribute', 'This attribute already exists'],
] as const)('%s: unique in any letter case', (key, message) => {
  it('10 parallel creates of one text (mixed case) store one', async () => {
    const me = await loginAs(t);
    const texts = ['Chess', 'chess', 'CHESS', ' Chess '];
    const res = await burst(10, (i) => call(me, 'POST', `/api/${key}`, { [key]: texts[i % 4] }));
    expect(tally(res)).toEqual({ 201: 1, 400: 9 });
    for (const r of res.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toEqual({ error: message, fieldErrors: { [key]: message } });
    }
    expect(await rows(`section_${key}`, 'user_id', me.userId)).toBe(1);
  });

  it('10 parallel edits of different entries to one text keep them distinct', async () => {
    const me = await loginAs(t);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(me, 'POST', `/api/${key}`, { [key]: `Item ${i}` });
      ids.push(res.json().data.at(-1)._id);
    }
    const res = await burst(10, (i) =>
      call(me, 'PATCH', `/api/${key}/${ids[i]}`, { [key]: i % 2 ? 'Running' : 'RUNNING' }),
    );
    expect(tally(res)).toEqual({ 200: 1, 400: 9 });
    const texts = (await call(me, 'GET', `/api/${key}`))
      .json()
      .data.map((e: Record<string, string>) => e[key]!.toLowerCase());
    expect(texts.filter((x: string) => x === 'running')).toHaveLength(1);
  });
});

async function uploaded(who: Who, kind: 'photo' | 'certificate'): Promise<string> {
  const file =
    kind === 'photo'
      ? { data: await png(), filename: 'p.png', contentType: 'image/png' }
      : { data: pdf(), filename: 'c.pdf', contentType: 'application/pdf' };
  const res = await upload(t, who.cookie, kind === 'photo' ? 'image' : 'raw', file, {
    preset: kind === 'photo' ? 'photo' : undefined,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ public_id: string }>().public_id;
}

describe('media used once', () => {
  it('6 certificates from one upload: one is created, the rest answer 409', async () => {
    const me = await loginAs(t);
    const publicId = await uploaded(me, 'certificate');
    const res = await burst(6, (i) =>
      call(me, 'POST', '/api/certificate', { title: `Cert ${i}`, publicId }),
    );
    expect(tally(res)).toEqual({ 201: 1, 409: 5 });
    expect(res.find((r) => r.statusCode === 409)!.json().error).toBe(UPLOAD_MESSAGES.mediaInUse);
    expect(await rows('certificates', 'user_id', me.userId)).toBe(1);
  });

  it('6 photos from one upload: one is created (and assigned), the rest answer 409', async () => {
    const me = await loginAs(t);
    const publicId = await uploaded(me, 'photo');
    const res = await burst(6, (i) =>
      call(me, 'POST', '/api/photo', { title: `Photo ${i}`, publicId }),
    );
    expect(tally(res)).toEqual({ 201: 1, 409: 5 });
    expect(await rows('photos', 'user_id', me.userId)).toBe(1);
    const assigned = await t.db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', me.userId)
      .where('assigned', '=', 1)
      .execute();
    expect(assigned).toHaveLength(1);
  });

  it('parallel assignments leave exactly one photo assigned', async () => {
    const me = await loginAs(t);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const publicId = await uploaded(me, 'photo');
      const res = await call(me, 'POST', '/api/photo', { title: `P${i}`, publicId });
      ids.push(res.json().data[0]._id);
    }
    const res = await burst(12, (i) =>
      call(me, 'POST', '/api/photo/assign-photo', { id: ids[i % 4] }),
    );
    expect(tally(res)).toEqual({ 200: 12 });
    const assigned = await t.db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', me.userId)
      .where('assigned', '=', 1)
      .execute();
    expect(assigned).toHaveLength(1);
  });

  it('parallel first impression saves keep one video per user', async () => {
    const me = await loginAs(t);
    // A stored video row (no ffmpeg here): the route only needs the user's media record.
    const videos = Array.from({ length: 3 }, () => newId());
    await t.db
      .insertInto('media')
      .values(
        videos.map((id) => ({
          id,
          user_id: me.userId,
          purpose: 'video',
          resource_type: 'video',
          content_type: 'video/mp4',
          file_key: `${id}.mp4`,
          thumb_key: null,
          size: 1,
          duration_ms: 1000,
          created_at: nowIso(),
        })),
      )
      .execute();
    const res = await burst(9, (i) =>
      call(me, 'POST', '/api/first-impression', { videoUrl: 'v', publicId: videos[i % 3] }),
    );
    // Saves run one after another; a video replaced meanwhile is gone (404: upload it again).
    for (const r of res) expect([200, 201, 404], r.body).toContain(r.statusCode);
    expect(await rows('first_impressions', 'user_id', me.userId)).toBe(1);
    const kept = await t.db
      .selectFrom('first_impressions')
      .innerJoin('media', 'media.id', 'first_impressions.media_id')
      .select('media.id')
      .where('first_impressions.user_id', '=', me.userId)
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe('one record per user', () => {
  it('10 parallel CV creates make one CV record', async () => {
    const me = await loginAs(t);
    // Sign-up made the record: take it away, as for an account older than that.
    await t.db.deleteFrom('curriculum_vitae').where('user_id', '=', me.userId).execute();
    const res = await burst(10, () => call(me, 'POST', '/api/curriculum-vitae'));
    expect(tally(res)).toEqual({ 201: 1, 200: 9 });
    expect(new Set(res.map((r) => r.json()._id)).size).toBe(1);
    expect(await rows('curriculum_vitae', 'user_id', me.userId)).toBe(1);
  });

  it('6 parallel listing toggles: one listing, flipped six times, search words intact', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', {
      ...sample('personal-info'),
      fullName: 'Ann Lee',
    });
    const res = await burst(6, () => call(me, 'POST', '/api/public-cv/toggle'));
    expect(tally(res)).toEqual({ 200: 6 });
    const listings = await t.db
      .selectFrom('public_cvs')
      .select(['id', 'is_listed'])
      .where('user_id', '=', me.userId)
      .execute();
    expect(listings).toHaveLength(1);
    // Six flips from unlisted, one after another, end unlisted.
    expect(listings[0]!.is_listed).toBe(0);
    const tokens = await t.db
      .selectFrom('public_cv_name_tokens')
      .select(['token', 'is_listed'])
      .where('public_cv_id', '=', listings[0]!.id)
      .orderBy('token')
      .execute();
    expect(tokens).toEqual([
      { token: 'ann', is_listed: 0 },
      { token: 'lee', is_listed: 0 },
    ]);
  });

  it('21 parallel listing toggles: each answers the state its own flip produced', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', { ...sample('personal-info'), fullName: 'Bo Li' });
    const res = await burst(21, () => call(me, 'POST', '/api/public-cv/toggle'));
    expect(tally(res)).toEqual({ 200: 21 });
    // From unlisted, the odd flips list and the even ones unlist: 11 and 10.
    const listed = res.filter((r) => r.json().isListed === true).length;
    expect(listed).toBe(11);
    expect((await call(me, 'GET', '/api/public-cv/status')).json().isListed).toBe(true);
  });

  it('10 parallel saves of one CV by an HR user make one saved entry', async () => {
    const seeker = await loginAs(t);
    const hr = await loginAs(t, { isHr: true });
    await call(seeker, 'POST', '/api/public-cv/toggle');
    const { cv_id } = await t.db
      .selectFrom('public_cvs')
      .select('cv_id')
      .where('user_id', '=', seeker.userId)
      .executeTakeFirstOrThrow();
    const res = await burst(10, () => call(hr, 'POST', `/api/public-cv/save/${cv_id}`));
    expect(tally(res)).toEqual({ 201: 1, 200: 9 });
    expect(await rows('hr_saved_cvs', 'hr_user_id', hr.userId)).toBe(1);
  });

  it('10 parallel device reports of one device store one row', async () => {
    const me = await loginAs(t);
    const res = await burst(10, () =>
      call(me, 'POST', '/api/devices', { userAgent: 'Agent/1', platform: 'Linux' }),
    );
    expect(tally(res)).toEqual({ 201: 10 });
    expect(await rows('devices', 'user_id', me.userId)).toBe(1);
  });
});

describe('accounts', () => {
  it('5 parallel registrations of one email (any case) make one account', async () => {
    const email = `race-${newId()}@example.com`;
    const res = await burst(5, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/user/register',
        payload: {
          fullName: 'Race Person',
          email: i % 2 ? email.toUpperCase() : email,
          password: 'secret123',
          password2: 'secret123',
        },
        remoteAddress: `10.200.0.${i + 1}`,
      }),
    );
    expect(tally(res)).toEqual({ 201: 1, 409: 4 });
    expect(await rows('users', 'email_lower', email)).toBe(1);
  });

  it('parallel password reset requests leave one live reset link', async () => {
    const me = await loginAs(t);
    const res = await burst(3, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/user/forgot',
        payload: { email: me.email },
        remoteAddress: `10.201.0.${i + 1}`,
      }),
    );
    expect(tally(res)).toEqual({ 200: 3 });
    const live = await t.db
      .selectFrom('one_time_tokens')
      .select('token_hash')
      .where('user_id', '=', me.userId)
      .where('purpose', '=', 'reset')
      .execute();
    expect(live).toHaveLength(1);
  });
});

describe('change email', () => {
  it('two accounts racing for one new address: one gets it, the other a 409', async () => {
    const [a, b] = [await loginAs(t), await loginAs(t)];
    const wanted = `race-${newId()}@example.com`;
    for (const who of [a, b]) {
      const asked = await call(who, 'POST', '/auth/user/change-email', {
        password: 'secret123',
        email: wanted,
      });
      expect(asked.statusCode, asked.body).toBe(200);
    }
    const links = (await t.outbox())
      .filter((m) => m.to === wanted)
      .map((m) => /\/change-email\/([\w-]+)/.exec(m.text)![1]!);
    expect(links).toHaveLength(2);
    const res = await burst(2, (i) =>
      call(null, 'POST', '/auth/user/confirm-email-change', { token: links[i] }),
    );
    expect(tally(res)).toEqual({ 200: 1, 409: 1 });
    expect(await rows('users', 'email_lower', wanted)).toBe(1);
  });

  it('parallel requests leave one pending change per account', async () => {
    const me = await loginAs(t);
    const res = await burst(3, (i) =>
      call(me, 'POST', '/auth/user/change-email', {
        password: 'secret123',
        email: `pending-${i}-${newId()}@example.com`,
      }),
    );
    expect(tally(res)).toEqual({ 200: 3 });
    expect(await rows('email_changes', 'user_id', me.userId)).toBe(1);
  });
});

describe('two-step sign-in', () => {
  const codeNow = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

  /** A signed-in user with a set-up waiting for its code. */
  async function settingUp() {
    const me = await loginAs(t);
    const secret = (await call(me, 'POST', '/auth/user/two-step/setup')).json().secret as string;
    return { me, secret };
  }

  it('5 parallel confirmations with one code turn it on once, with one set of ten codes', async () => {
    const { me, secret } = await settingUp();
    const code = codeNow(secret);
    const res = await burst(5, () => call(me, 'POST', '/auth/user/two-step/enable', { code }));
    expect(tally(res)[200]).toBe(1);
    expect(await rows('two_step_recovery_codes', 'user_id', me.userId)).toBe(10);
  });

  it('one code or one recovery code finishes one of 5 parallel sign-ins', async () => {
    const { me, secret } = await settingUp();
    const on = await call(me, 'POST', '/auth/user/two-step/enable', { code: codeNow(secret) });
    const [recoveryCode] = on.json().recoveryCodes as string[];
    const passwordStep = async (i: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/user/login-web',
        payload: { email: me.email, password: 'secret123' },
        remoteAddress: `10.202.0.${i + 1}`,
      });
      return res.json().twoStepToken as string;
    };
    const tokens = await Promise.all([0, 1, 2, 3, 4].map(passwordStep));
    // The next step's code (the set-up spent this one's): the server allows one step of drift.
    const code = TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: Date.now() + 30_000,
    });
    const withCode = await burst(5, (i) =>
      call(null, 'POST', '/auth/user/login-two-step', { token: tokens[i], code }),
    );
    expect(tally(withCode)).toEqual({ 200: 1, 400: 4 });
    const more = await Promise.all([5, 6, 7, 8, 9].map(passwordStep));
    const withRecovery = await burst(5, (i) =>
      call(null, 'POST', '/auth/user/login-two-step', { token: more[i], recoveryCode }),
    );
    expect(tally(withRecovery)).toEqual({ 200: 1, 400: 4 });
  });
});

describe('passkeys', () => {
  /** A signed-in user with a software passkey added. */
  async function withPasskey() {
    const me = await loginAs(t);
    const key = new SoftPasskey();
    const options = await call(me, 'POST', '/auth/user/passkeys/register-options', {
      password: 'secret123',
    });
    const added = await call(me, 'POST', '/auth/user/passkeys', {
      name: 'Laptop',
      response: key.register(options.json().options),
    });
    expect(added.statusCode, added.body).toBe(201);
    return { me, key };
  }

  it('one signed answer sent 5 times at once signs in once', async () => {
    const { me, key } = await withPasskey();
    const options = await call(null, 'POST', '/auth/user/passkeys/sign-in-options', {});
    const response = key.assert(options.json().options, me.userId);
    const res = await burst(5, () => call(null, 'POST', '/auth/user/login-passkey', { response }));
    expect(tally(res)).toEqual({ 200: 1, 400: 4 });
  });

  it('5 parallel additions past the cap store only up to it', async () => {
    const me = await loginAs(t);
    const options = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        call(me, 'POST', '/auth/user/passkeys/register-options', { password: 'secret123' }),
      ),
    );
    await t.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: PASSKEYS.max - 2 }, (_, i) => ({
          id: `${me.userId.slice(0, 20)}${String(i).padStart(4, '0')}`,
          user_id: me.userId,
          credential_id: `seeded-${me.userId}-${i}`,
          public_key: 'AA',
          counter: 0,
          transports: '',
          name: `Seeded ${i}`,
          created_at: new Date().toISOString(),
          last_used_at: null,
        })),
      )
      .execute();
    const res = await burst(5, (i) =>
      call(me, 'POST', '/auth/user/passkeys', {
        name: 'Parallel',
        response: new SoftPasskey().register(options[i]!.json().options),
      }),
    );
    expect(tally(res)).toEqual({ 201: 2, 409: 3 });
    expect(await rows('passkeys', 'user_id', me.userId)).toBe(PASSKEYS.max);
  });
});
