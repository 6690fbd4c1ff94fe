import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSKEYS, PASSKEY_MESSAGES } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import { freshIp, post, sessionCookie } from '../test/auth-test-helpers.ts';
import { FLAGS, SoftPasskey } from '../test/passkey-authenticator.ts';
import { authRepo } from './auth.repo.ts';

/*
 * Passkeys (issue 34): adding one from Settings (password first, then the browser's answer),
 * renaming and removing it, and signing in with it, which skips the password and two-step's
 * code. Answers come from a software authenticator (test/passkey-authenticator.ts) whose
 * signatures the server checks with @simplewebauthn/server as it would a browser's.
 */

let t: TestApp;
const call = callAs(() => t);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'secret123';

async function registerOptions(who: Who) {
  const res = await call(who, 'POST', '/auth/user/passkeys/register-options', {
    password: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options as {
    challenge: string;
    rp: { id: string; name: string };
    user: { id: string; name: string };
    excludeCredentials: { id: string }[];
    authenticatorSelection: Record<string, unknown>;
  };
}

/** Adds a software passkey to the account; the passkey and its row as the API shows it. */
async function addPasskey(who: Who, name = 'Laptop') {
  const key = new SoftPasskey();
  const options = await registerOptions(who);
  const res = await call(who, 'POST', '/auth/user/passkeys', {
    name,
    response: key.register(options),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { key, row: res.json() as { _id: string; name: string; lastUsedAt: string | null } };
}

async function signInOptions(ip = freshIp()) {
  const res = await post(t, '/auth/user/passkeys/sign-in-options', {}, { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().options as { challenge: string; rpId: string; userVerification: string };
}

const loginPasskey = (body: Record<string, unknown>, ip = freshIp()) =>
  post(t, '/auth/user/login-passkey', body, { ip });

const list = async (who: Who) => (await call(who, 'GET', '/auth/user/passkeys')).json();

describe('adding a passkey', () => {
  it('asks for the password, then stores the passkey the browser made', async () => {
    const me = await loginAs(t);
    expect(await list(me)).toEqual({ passkeys: [], max: PASSKEYS.max });

    const missing = await call(me, 'POST', '/auth/user/passkeys/register-options', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ password: PASSKEY_MESSAGES.passwordRequired });
    const wrong = await call(me, 'POST', '/auth/user/passkeys/register-options', {
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: PASSKEY_MESSAGES.wrongPassword });

    const options = await registerOptions(me);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Vitae' });
    expect(options.user.name).toBe(me.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const key = new SoftPasskey();
    const added = await call(me, 'POST', '/auth/user/passkeys', {
      name: '  Work laptop  ',
      response: key.register(options),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(Date.parse(added.json().createdAt)).not.toBeNaN();
    expect((await list(me)).passkeys).toEqual([added.json()]);

    // The next set of options names it, so the browser does not make a second one on it.
    expect((await registerOptions(me)).excludeCredentials.map((c) => c.id)).toEqual([key.id]);
  });

  it('takes a challenge once: the same answer again is refused', async () => {
    const me = await loginAs(t);
    const key = new SoftPasskey();
    const response = key.register(await registerOptions(me));
    const first = await call(me, 'POST', '/auth/user/passkeys', { name: 'A', response });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(me, 'POST', '/auth/user/passkeys', { name: 'B', response });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(PASSKEY_MESSAGES.challengeInvalid);
    expect((await list(me)).passkeys).toHaveLength(1);
  });

  it('of parallel answers to one challenge, one is stored', async () => {
    const me = await loginAs(t);
    const options = await registerOptions(me);
    const keys = [new SoftPasskey(), new SoftPasskey(), new SoftPasskey()];
    const res = await Promise.all(
      keys.map((k) =>
        call(me, 'POST', '/auth/user/passkeys', { name: 'Race', response: k.register(options) }),
      ),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await list(me)).passkeys).toHaveLength(1);
  });

  it('refuses a wrong origin, a made-up or another account’s challenge, a device that did not verify the user', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const key = new SoftPasskey();
    const add = (response: unknown) =>
      call(me, 'POST', '/auth/user/passkeys', { name: 'X', response });

    const wrongOrigin = await add(
      key.register(await registerOptions(me), { origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().error).toBe(PASSKEY_MESSAGES.wrongOrigin);

    const madeUp = await add(key.register({ challenge: 'bWFkZS11cA' }));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error).toBe(PASSKEY_MESSAGES.challengeInvalid);

    const othersChallenge = await add(key.register(await registerOptions(other)));
    expect(othersChallenge.statusCode).toBe(400);
    expect(othersChallenge.json().error).toBe(PASSKEY_MESSAGES.challengeInvalid);

    const noUv = await add(key.register(await registerOptions(me), { flags: FLAGS.up | FLAGS.at }));
    expect(noUv.statusCode).toBe(400);
    expect(noUv.json().error).toBe(PASSKEY_MESSAGES.userNotVerified);

    const otherRp = await add(key.register(await registerOptions(me), { rpId: 'evil.example' }));
    expect(otherRp.statusCode).toBe(400);
    expect(otherRp.json().error).toBe(PASSKEY_MESSAGES.notVerified);

    const sign = await add(key.register(await registerOptions(me), { type: 'webauthn.get' }));
    expect(sign.statusCode).toBe(400);
    expect(sign.json().error).toBe(PASSKEY_MESSAGES.wrongKind);

    const garbage = await add({
      ...key.register({ challenge: 'x' }),
      response: { clientDataJSON: 'e30' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe(PASSKEY_MESSAGES.responseInvalid);

    const noName = await call(me, 'POST', '/auth/user/passkeys', {
      name: ' ',
      response: key.register(await registerOptions(me)),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fieldErrors).toEqual({ name: PASSKEY_MESSAGES.nameRequired });
    const long = await call(me, 'POST', '/auth/user/passkeys/x/y', {});
    expect(long.statusCode).toBe(404);

    expect((await list(me)).passkeys).toEqual([]);
  });

  it('refuses a passkey already added to another account', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const { key } = await addPasskey(me);
    const again = await call(other, 'POST', '/auth/user/passkeys', {
      name: 'Stolen',
      response: key.register(await registerOptions(other)),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PASSKEY_MESSAGES.alreadyAdded);
    expect((await list(other)).passkeys).toEqual([]);
  });

  it(`holds at most ${PASSKEYS.max} passkeys per account`, async () => {
    const me = await loginAs(t);
    const options = [];
    for (let i = 0; i < PASSKEYS.max - 1; i++) await addPasskey(me, `Key ${i + 1}`);
    // Two set-ups started while one place is left: the first to finish takes it.
    options.push(await registerOptions(me), await registerOptions(me));
    const done = await Promise.all(
      options.map((o) =>
        call(me, 'POST', '/auth/user/passkeys', {
          name: 'Last',
          response: new SoftPasskey().register(o),
        }),
      ),
    );
    expect(done.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(done.find((r) => r.statusCode === 409)!.json().error).toBe(PASSKEY_MESSAGES.tooMany);
    expect((await list(me)).passkeys).toHaveLength(PASSKEYS.max);
    const more = await call(me, 'POST', '/auth/user/passkeys/register-options', {
      password: PASSWORD,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(PASSKEY_MESSAGES.tooMany);
  });
});

describe('renaming and removing', () => {
  it('renames and removes only the owner’s passkeys', async () => {
    const me = await loginAs(t);
    const other = await loginAs(t);
    const { row } = await addPasskey(me, 'Phone');

    const renamed = await call(me, 'PATCH', `/auth/user/passkeys/${row._id}`, { name: 'My phone' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('My phone');
    const tooLong = await call(me, 'PATCH', `/auth/user/passkeys/${row._id}`, {
      name: 'x'.repeat(PASSKEYS.nameMax + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual({ name: PASSKEY_MESSAGES.nameTooLong });

    // Another account sees no such passkey; a signed-out visitor is asked to sign in.
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(other, method, `/auth/user/passkeys/${row._id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(PASSKEY_MESSAGES.notFound);
    }
    expect((await list(other)).passkeys).toEqual([]);
    expect((await list(me)).passkeys.map((p: { name: string }) => p.name)).toEqual(['My phone']);

    const removed = await call(me, 'DELETE', `/auth/user/passkeys/${row._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ passkeys: [], max: PASSKEYS.max });
    expect((await call(me, 'DELETE', `/auth/user/passkeys/${row._id}`)).statusCode).toBe(404);
  });

  it('answers 401 to a signed-out visitor on every Settings route', async () => {
    const made = { challenge: 'bWFkZS11cA' };
    for (const [method, url, payload] of [
      ['GET', '/auth/user/passkeys', undefined],
      ['POST', '/auth/user/passkeys/register-options', { password: PASSWORD }],
      ['POST', '/auth/user/passkeys', { name: 'X', response: new SoftPasskey().register(made) }],
      ['PATCH', '/auth/user/passkeys/0123456789abcdef01234567', { name: 'X' }],
      ['DELETE', '/auth/user/passkeys/0123456789abcdef01234567', undefined],
    ] as const) {
      const res = await call(null, method, url, payload);
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, counts the use, and a signed answer works once', async () => {
    const me = await loginAs(t);
    const { key, row } = await addPasskey(me);
    const options = await signInOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('required');

    const response = key.assert(options, me.userId);
    const res = await loginPasskey({ response });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(me.email);
    const c = sessionCookie(res)!;
    const fetched = await call({ cookie: `${c.name}=${c.value}` }, 'GET', '/auth/user/fetch-user');
    expect(fetched.json().user.email).toBe(me.email);
    const [listed] = (await list(me)).passkeys;
    expect(listed._id).toBe(row._id);
    expect(Date.parse(listed.lastUsedAt)).not.toBeNaN();
    const stored = await t.db
      .selectFrom('passkeys')
      .select('counter')
      .where('id', '=', row._id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);

    const replay = await loginPasskey({ response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(PASSKEY_MESSAGES.challengeInvalid);
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('refuses a wrong origin, a registration challenge, an old counter, a removed passkey', async () => {
    const me = await loginAs(t);
    const { key, row } = await addPasskey(me);

    const wrongOrigin = await loginPasskey({
      response: key.assert(await signInOptions(), me.userId, { origin: 'http://localhost:6000' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json().error).toBe(PASSKEY_MESSAGES.wrongOrigin);

    const addChallenge = await loginPasskey({
      response: key.assert(await registerOptions(me), me.userId),
    });
    expect(addChallenge.statusCode).toBe(400);
    expect(addChallenge.json().error).toBe(PASSKEY_MESSAGES.challengeInvalid);

    const noUv = await loginPasskey({
      response: key.assert(await signInOptions(), me.userId, { flags: FLAGS.up }),
    });
    expect(noUv.statusCode).toBe(400);
    expect(noUv.json().error).toBe(PASSKEY_MESSAGES.userNotVerified);

    const someoneElse = await loginPasskey({
      response: key.assert(await signInOptions(), '0123456789abcdef01234567'),
    });
    expect(someoneElse.statusCode).toBe(400);

    // A clone of the authenticator signs with a counter the server has already seen.
    expect(
      (await loginPasskey({ response: key.assert(await signInOptions(), me.userId) })).statusCode,
    ).toBe(200);
    key.counter -= 2;
    const clone = await loginPasskey({ response: key.assert(await signInOptions(), me.userId) });
    expect(clone.statusCode).toBe(400);
    expect(clone.json().error).toBe(PASSKEY_MESSAGES.notVerified);
    key.counter += 5;

    expect((await call(me, 'DELETE', `/auth/user/passkeys/${row._id}`)).statusCode).toBe(200);
    const removed = await loginPasskey({ response: key.assert(await signInOptions(), me.userId) });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error).toBe(PASSKEY_MESSAGES.unknownPasskey);

    const malformed = await loginPasskey({ response: { id: 'abc', rawId: 'abc' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(PASSKEY_MESSAGES.responseInvalid);
  });

  it('counts as both steps: an account with two-step sign-in gets in without a code', async () => {
    const me = await loginAs(t);
    const setup = await call(me, 'POST', '/auth/user/two-step/setup');
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.json().secret) });
    const on = await call(me, 'POST', '/auth/user/two-step/enable', { code });
    expect(on.statusCode, on.body).toBe(200);
    const { key } = await addPasskey(me);

    // The password alone asks for the code...
    const password = await post(t, '/auth/user/login-web', { email: me.email, password: PASSWORD });
    expect(password.json()).toMatchObject({ success: false, twoStepRequired: true });
    // ...the passkey signs in.
    const res = await loginPasskey({ response: key.assert(await signInOptions(), me.userId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { email: me.email } });
    expect(sessionCookie(res)).toBeDefined();
  });

  it('keeps the email rule: an unverified address is asked to verify first', async () => {
    const me = await loginAs(t);
    const { key } = await addPasskey(me);
    await authRepo(t.db).update(me.userId, { is_verified: 0 });
    const res = await loginPasskey({ response: key.assert(await signInOptions(), me.userId) });
    expect(res.statusCode).toBe(403);
    expect(res.json().fieldErrors).toEqual({ notVerified: AUTH_MESSAGES.notVerified });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('carries the HR intent like the password sign-in', async () => {
    const me = await loginAs(t);
    const { key } = await addPasskey(me);
    const res = await loginPasskey({
      response: key.assert(await signInOptions(), me.userId),
      HRIntent: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.isHR).toBe(true);
  });

  it('limits failed answers per address, and the options handed out per address', async () => {
    const ip = freshIp();
    let last;
    for (let i = 0; i <= 30; i++) {
      // Well-formed answers to a challenge never handed out (malformed ones stop at the schema).
      const response = new SoftPasskey().assert({ challenge: 'bWFkZS11cA' }, 'nobody');
      last = await loginPasskey({ response }, ip);
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toBe(AUTH_MESSAGES.tooManyAttempts);

    const optionsIp = freshIp();
    let res;
    for (let i = 0; i <= 60; i++) {
      res = await post(t, '/auth/user/passkeys/sign-in-options', {}, { ip: optionsIp });
      if (res.statusCode === 429) break;
    }
    expect(res!.statusCode).toBe(429);
  });

  it('goes with the account: a deleted account’s passkey no longer signs in', async () => {
    const me = await loginAs(t);
    const { key } = await addPasskey(me);
    const gone = await call(me, 'POST', '/api/account/delete', { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    const rows = await t.db
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', me.userId)
      .execute();
    expect(rows).toEqual([]);
    const res = await loginPasskey({ response: key.assert(await signInOptions(), me.userId) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(PASSKEY_MESSAGES.unknownPasskey);
  });

  it('uses the PUBLIC_URL as the relying party', async () => {
    const other = await buildTestApp({ env: { PUBLIC_URL: 'https://cv.example.org' } });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/auth/user/passkeys/sign-in-options',
        payload: {},
      });
      expect(res.json().options.rpId).toBe('cv.example.org');
    } finally {
      await other.close();
    }
  });
});
