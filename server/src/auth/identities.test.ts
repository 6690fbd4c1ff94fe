import { Migrator } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { IDENTITY_MESSAGES } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp } from '../test/build-test-app.ts';
import { PUBLIC_URL, freshIp, post, uniqueEmail } from '../test/auth-test-helpers.ts';
import { startOidcProvider, type OidcProviderKit } from '../test/oidc-provider-kit.ts';
import { startGitHub, type GitHubKit } from '../test/github-kit.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { IDENTITY_STATE_COOKIE } from './identities.routes.ts';

/*
 * Sign-in with an identity provider (issue 34, decision 0024) against a real OpenID Connect
 * provider (`oidc-provider`) on 127.0.0.1: sign-up, sign-in, link and unlink, and the checks
 * of state (bound to the browser, single use), nonce and PKCE.
 */

let kit: OidcProviderKit;
let github: GitHubKit;
let t: TestApp;
const call = callAs(() => t);
const CALLBACK = `${PUBLIC_URL}/auth/oidc/local/callback`;
const GITHUB_CALLBACK = `${PUBLIC_URL}/auth/oidc/gh/callback`;

beforeAll(async () => {
  kit = await startOidcProvider({ redirectUris: [CALLBACK] });
  github = await startGitHub({ redirectUris: [GITHUB_CALLBACK] });
  t = await buildTestApp({
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'local',
          name: 'Local SSO',
          issuer: kit.issuer,
          clientId: kit.clientId,
          clientSecret: kit.clientSecret,
          domains: ['corp.example'],
        },
        // A GitHub Enterprise Server: GitHub's OAuth 2 and REST API at this address.
        {
          id: 'gh',
          kind: 'github',
          name: 'GitHub',
          issuer: github.url,
          clientId: github.clientId,
          clientSecret: github.clientSecret,
        },
      ]),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await kit?.close();
  await github?.close();
});

let people = 0;
/** A person the provider knows; the next sign-in at the provider is theirs. */
function person(over: { email?: string; email_verified?: boolean; name?: string } = {}) {
  const sub = `person-${++people}`;
  kit.people.set(sub, {
    email: uniqueEmail('sso'),
    email_verified: true,
    name: 'Ada Sso',
    ...over,
  });
  kit.nextLogin = sub;
  return { sub, email: kit.people.get(sub)!.email! };
}

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : undefined;
};

/** The callback URL the provider sends the browser back to, and the browser's state cookie. */
async function atProvider(start: { url: string; stateCookie: string }) {
  const back = await kit.signIn(start.url, CALLBACK);
  const u = new URL(back);
  return { path: u.pathname + u.search, stateCookie: start.stateCookie };
}

/** Starts a sign-in at /auth/oidc/local/start, as the login page's button does. */
async function startSignIn(ip = freshIp()) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/auth/oidc/local/start',
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toMatch(new RegExp(`^${kit.issuer}/auth\\?`));
  const url = new URL(res.headers.location as string);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('nonce')).toBeTruthy();
  expect(url.searchParams.get('state')).toBeTruthy();
  return { url: url.href, stateCookie: cookieOf(res, IDENTITY_STATE_COOKIE)! };
}

function back(cb: { path: string; stateCookie: string }, session?: string, ip = freshIp()) {
  return t.app.inject({
    method: 'GET',
    url: cb.path,
    headers: { cookie: [cb.stateCookie, session].filter(Boolean).join('; ') },
    remoteAddress: ip,
  });
}

/** A whole sign-in through the provider for whoever `person()` made last. */
async function signInThroughProvider(session?: string) {
  return back(await atProvider(await startSignIn()), session);
}

const me = (cookie: string) =>
  call({ cookie }, 'GET', '/auth/user/fetch-user').then((r) => r.json().user);

describe('signing up and in through a provider', () => {
  it('lists the configured providers by name only', async () => {
    const res = await call(null, 'GET', '/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [
        { id: 'local', name: 'Local SSO' },
        { id: 'gh', name: 'GitHub' },
      ],
    });
  });

  it('signs up with a verified email, then signs the same account in again', async () => {
    const p = person({ name: 'Ada Lovelace' });
    const res = await signInThroughProvider();
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/app/dashboard');
    const session = cookieOf(res, SESSION_COOKIE)!;
    const user = await me(session);
    expect(user).toMatchObject({ email: p.email, fullName: 'Ada Lovelace', isVerified: true });

    const list = await call({ cookie: session }, 'GET', '/auth/user/identities');
    expect(list.json()).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'local', providerName: 'Local SSO', email: p.email }],
    });

    kit.nextLogin = p.sub;
    const again = await signInThroughProvider();
    expect(again.statusCode, again.body).toBe(302);
    expect((await me(cookieOf(again, SESSION_COOKIE)!))._id).toBe(user._id);
    // No password: every password check refuses it like a wrong one, none answers 5xx.
    const pw = await post(t, '/auth/user/login-web', { email: p.email, password: 'anything1' });
    expect(pw.statusCode).toBe(401);
    const who = { cookie: cookieOf(again, SESSION_COOKIE)! };
    const del = await call(who, 'POST', '/api/account/delete', { password: 'anything1' });
    expect(del.statusCode).toBe(400);
    const link = await call(who, 'POST', '/auth/user/identities/link-intent', {
      provider: 'local',
      password: '!no-password:',
    });
    expect(link.statusCode).toBe(400);
    expect(await me(who.cookie)).toMatchObject({ email: p.email });
  });

  it('makes the account unverified when the provider has not verified the email', async () => {
    const p = person({ email_verified: false });
    const res = await signInThroughProvider();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.verifyFirst));
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    const mail = (await t.outbox()).find((m) => m.to === p.email);
    expect(mail?.text).toContain(`${PUBLIC_URL}/email-verified/`);

    kit.nextLogin = p.sub;
    const again = await signInThroughProvider();
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain(escape(IDENTITY_MESSAGES.notVerified));
    expect(cookieOf(again, SESSION_COOKIE)).toBeUndefined();

    // Once the provider vouches for the address, it is verified and the sign-in goes through.
    kit.people.get(p.sub)!.email_verified = true;
    kit.nextLogin = p.sub;
    const verified = await signInThroughProvider();
    expect(verified.statusCode, verified.body).toBe(302);
    expect(await me(cookieOf(verified, SESSION_COOKIE)!)).toMatchObject({ isVerified: true });
  });

  it('never takes over an existing account with the same email', async () => {
    const owner = await loginAs(t);
    person({ email: owner.email.toUpperCase() });
    const res = await signInThroughProvider();
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.emailTaken));
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    const list = await call(owner, 'GET', '/auth/user/identities');
    expect(list.json().identities).toEqual([]);
  });

  it('asks for the authenticator code after the provider when two-step sign-in is on', async () => {
    const p = person();
    const first = await signInThroughProvider();
    const session = cookieOf(first, SESSION_COOKIE)!;
    const setup = await call({ cookie: session }, 'POST', '/auth/user/two-step/setup');
    const secret = setup.json().secret as string;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const on = await call({ cookie: session }, 'POST', '/auth/user/two-step/enable', { code });
    expect(on.statusCode, on.body).toBe(200);

    kit.nextLogin = p.sub;
    const res = await signInThroughProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?twoStep=/);
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });
});

describe('state, nonce and PKCE', () => {
  it('refuses a replayed callback', async () => {
    person();
    const cb = await atProvider(await startSignIn());
    expect((await back(cb)).statusCode).toBe(302);
    const replay = await back(cb);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(escape(IDENTITY_MESSAGES.signInExpired));
    expect(cookieOf(replay, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a tampered state, or one from another browser', async () => {
    person();
    const cb = await atProvider(await startSignIn());
    const state = new URL(cb.path, PUBLIC_URL).searchParams.get('state')!;
    const tampered = { ...cb, path: cb.path.replace(state, `${state.slice(0, -2)}xx`) };
    const res = await back(tampered);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.signInExpired));
    // The right state in a browser that did not start the sign-in (login CSRF).
    const elsewhere = await back({ ...cb, stateCookie: '' });
    expect(elsewhere.statusCode).toBe(400);
    // A tampered state cookie matching a tampered URL: no such sign-in was started.
    const forged = await back({
      path: tampered.path,
      stateCookie: `${IDENTITY_STATE_COOKIE}=${state.slice(0, -2)}xx`,
    });
    expect(forged.statusCode).toBe(400);
    for (const r of [res, elsewhere, forged]) expect(cookieOf(r, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    person();
    const cb = await atProvider(await startSignIn());
    await t.db.updateTable('identity_sign_ins').set({ nonce_secret: 'not-the-nonce' }).execute();
    const res = await back(cb);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.signInRefused));
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    person();
    const cb = await atProvider(await startSignIn());
    await t.db
      .updateTable('identity_sign_ins')
      .set({ verifier_secret: 'x'.repeat(43) })
      .where('used_at', 'is', null)
      .execute();
    const res = await back(cb);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.signInRefused));
  });

  it('links only from Settings, and answers a page for an unknown provider', async () => {
    const link = await call(null, 'GET', '/auth/oidc/local/start?mode=link');
    expect(link.statusCode).toBe(400);
    expect(link.body).toContain(escape(IDENTITY_MESSAGES.linkFromSettings));
    const unknown = await call(null, 'GET', '/auth/oidc/nobody/callback?state=x&code=y');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('linking and unlinking from Settings', () => {
  const PASSWORD = 'secret123';

  async function link(who: { cookie: string }) {
    const res = await call(who, 'POST', '/auth/user/identities/link-intent', {
      provider: 'local',
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stateCookie = cookieOf(res, IDENTITY_STATE_COOKIE)!;
    return back(await atProvider({ url: res.json().url, stateCookie }), who.cookie);
  }

  it('links after a password check, signs in with it, and unlinks', async () => {
    const owner = await loginAs(t);
    const wrong = await call(owner, 'POST', '/auth/user/identities/link-intent', {
      provider: 'local',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: IDENTITY_MESSAGES.wrongPassword });

    const p = person({ email: uniqueEmail('other') });
    const linked = await link(owner);
    expect(linked.statusCode, linked.body).toBe(302);
    expect(linked.headers.location).toBe('/app/settings?linked=local');
    const list = (await call(owner, 'GET', '/auth/user/identities')).json();
    expect(list).toMatchObject({ hasPassword: true, identities: [{ email: p.email }] });

    kit.nextLogin = p.sub;
    const signedIn = await signInThroughProvider();
    expect((await me(cookieOf(signedIn, SESSION_COOKIE)!))._id).toBe(owner.userId);

    const id = list.identities[0].id as string;
    const gone = await call(owner, 'DELETE', `/auth/user/identities/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(owner, 'GET', '/auth/user/identities')).json().identities).toEqual([]);
    expect((await call(owner, 'DELETE', `/auth/user/identities/${id}`)).statusCode).toBe(404);
  });

  it('refuses to unlink the only way to sign in', async () => {
    person();
    const res = await signInThroughProvider();
    const who = { cookie: cookieOf(res, SESSION_COOKIE)! };
    const [identity] = (await call(who, 'GET', '/auth/user/identities')).json().identities;
    const refused = await call(who, 'DELETE', `/auth/user/identities/${identity.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(IDENTITY_MESSAGES.lastWayIn);
    expect((await call(who, 'GET', '/auth/user/identities')).json().identities).toHaveLength(1);
  });

  it('refuses a provider account linked to someone else, and a link after sign-out', async () => {
    const p = person();
    await signInThroughProvider();
    const other = await loginAs(t);
    kit.nextLogin = p.sub;
    const res = await link(other);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.linkedElsewhere));

    const third = await loginAs(t);
    person();
    const intent = await call(third, 'POST', '/auth/user/identities/link-intent', {
      provider: 'local',
      password: PASSWORD,
    });
    const cb = await atProvider({
      url: intent.json().url,
      stateCookie: cookieOf(intent, IDENTITY_STATE_COOKIE)!,
    });
    const signedOut = await back(cb);
    expect(signedOut.statusCode).toBe(400);
    expect(signedOut.body).toContain(escape(IDENTITY_MESSAGES.linkSignedOut));
    expect((await call(third, 'GET', '/auth/user/identities')).json().identities).toEqual([]);
  });
});

describe('GitHub (OAuth 2 and its REST API)', () => {
  let ids = 1000;
  function gitHubPerson(verified = true) {
    const login = `octo${++ids}`;
    const email = uniqueEmail('gh');
    github.people.set(login, {
      id: ids,
      login,
      name: null,
      emails: [
        { email: uniqueEmail('old'), primary: false, verified: true },
        { email, primary: true, verified },
      ],
    });
    github.nextLogin = login;
    return { login, email };
  }

  async function viaGitHub() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/oidc/gh/start',
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(302);
    const to = new URL(res.headers.location as string);
    expect(to.origin + to.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    const backUrl = new URL(await github.signIn(to.href));
    return {
      path: backUrl.pathname + backUrl.search,
      stateCookie: cookieOf(res, IDENTITY_STATE_COOKIE)!,
    };
  }

  it('signs up with the primary verified email and the login as name, then signs in', async () => {
    const p = gitHubPerson();
    const res = await back(await viaGitHub());
    expect(res.statusCode, res.body).toBe(302);
    const user = await me(cookieOf(res, SESSION_COOKIE)!);
    expect(user).toMatchObject({ email: p.email, fullName: p.login, isVerified: true });

    github.nextLogin = p.login;
    const again = await back(await viaGitHub());
    expect((await me(cookieOf(again, SESSION_COOKIE)!))._id).toBe(user._id);
  });

  it('leaves the account unverified when GitHub has not verified the primary email', async () => {
    gitHubPerson(false);
    const res = await back(await viaGitHub());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.verifyFirst));
  });

  it('refuses a replayed callback and a code exchanged with another PKCE verifier', async () => {
    gitHubPerson();
    const cb = await viaGitHub();
    expect((await back(cb)).statusCode).toBe(302);
    expect((await back(cb)).statusCode).toBe(400);

    gitHubPerson();
    const other = await viaGitHub();
    await t.db
      .updateTable('identity_sign_ins')
      .set({ verifier_secret: 'y'.repeat(43) })
      .where('used_at', 'is', null)
      .execute();
    const res = await back(other);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(escape(IDENTITY_MESSAGES.signInRefused));
  });
});

describe('at the same moment', () => {
  it('lets one of two callbacks with the same state through', async () => {
    person();
    const cb = await atProvider(await startSignIn());
    const answers = await Promise.all([back(cb), back(cb), back(cb)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([302, 400, 400]);
    expect(answers.filter((r) => cookieOf(r, SESSION_COOKIE))).toHaveLength(1);
  });

  it('never unlinks both ways in of an account without a password', async () => {
    // A provider-made account with a second identity linked to it.
    person();
    const res = await signInThroughProvider();
    const who = { cookie: cookieOf(res, SESSION_COOKIE)!, userId: '' };
    who.userId = (await me(who.cookie))._id as string;
    await t.db
      .insertInto('user_identities')
      .values({
        id: 'c'.repeat(24),
        user_id: who.userId,
        provider: 'local',
        subject: `second-${who.userId}`,
        email: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const ids = (await call(who, 'GET', '/auth/user/identities'))
      .json()
      .identities.map((i: { id: string }) => i.id) as string[];
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(
      ids.map((id) => call(who, 'DELETE', `/auth/user/identities/${id}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call(who, 'GET', '/auth/user/identities')).json().identities).toHaveLength(1);
  });
});

describe('a company that requires its provider', () => {
  it('refuses password sign-in and sign-up for its domain, naming the provider', async () => {
    const message =
      'Accounts at corp.example sign in with Local SSO. Use “Sign in with Local SSO”.';
    const login = await post(t, '/auth/user/login-web', {
      email: 'someone@Corp.example',
      password: 'secret123',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: message, fieldErrors: { provider: 'local' } });
    const register = await post(t, '/auth/user/register', {
      fullName: 'Some One',
      email: 'someone@corp.example',
      password: 'secret123',
      password2: 'secret123',
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().error).toBe(message);

    const p = person({ email: 'worker@corp.example' });
    const res = await signInThroughProvider();
    expect(res.statusCode, res.body).toBe(302);
    expect((await me(cookieOf(res, SESSION_COOKIE)!)).email).toBe(p.email);
  });
});

describe('who may call what, and bad input', () => {
  it('the Settings routes need a signed-in user', async () => {
    for (const [method, url, body] of [
      ['GET', '/auth/user/identities', undefined],
      ['POST', '/auth/user/identities/link-intent', { provider: 'local', password: 'x' }],
      ['DELETE', '/auth/user/identities/0123456789abcdef01234567', undefined],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 400 with a message to bad bodies, and 404 to ids not the user’s', async () => {
    const who = await loginAs(t);
    const cases: [unknown, Record<string, string>][] = [
      [{ provider: 'local' }, { password: IDENTITY_MESSAGES.passwordRequired }],
      [{ provider: 'local', password: '' }, { password: IDENTITY_MESSAGES.passwordRequired }],
      [{ provider: 'Nope!', password: 'x' }, { provider: IDENTITY_MESSAGES.unknownProvider }],
      [{ provider: 'nobody', password: 'x' }, { provider: IDENTITY_MESSAGES.unknownProvider }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await call(who, 'POST', '/auth/user/identities/link-intent', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toMatchObject(fieldErrors);
    }
    const count = await t.db
      .selectFrom('identity_sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    for (const id of ['nope', '0123456789abcdef01234567']) {
      const res = await call(who, 'DELETE', `/auth/user/identities/${id}`);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('rate limits callbacks from one address', async () => {
    const ip = freshIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({
        method: 'GET',
        url: '/auth/oidc/local/callback?state=nothing&code=nothing',
        remoteAddress: ip,
      });
    }
    expect(last!.statusCode).toBe(429);
  });
});

/** A message as the HTML page writes it. */
function escape(s: string) {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;');
}

describe('migration 032', () => {
  it('upgrades a database holding accounts: they sign in as before, with nothing linked', async () => {
    const t2 = await buildTestApp();
    try {
      const who = await loginAs(t2);
      const migrator = new Migrator({ db: t2.db, provider: migrationProvider });
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      const before = names[names.indexOf('032-identities') - 1]!;
      const down = await migrator.migrateTo(before);
      expect(down.results?.map((r) => r.migrationName)).toContain('032-identities');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const call2 = callAs(() => t2);
      // The session made before the upgrade still holds, and the password still signs in.
      const list = await call2(who, 'GET', '/auth/user/identities');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ identities: [], hasPassword: true, providers: [] });
      const again = await post(t2, '/auth/user/login-web', {
        email: who.email,
        password: 'secret123',
      });
      expect(again.statusCode, again.body).toBe(200);

      // The new tables take rows, keep (provider, subject) unique and go with the account.
      const row = (id: string) => ({
        id,
        user_id: who.userId,
        provider: 'local',
        subject: 'sub-1',
        email: who.email,
        created_at: new Date().toISOString(),
      });
      await t2.db
        .insertInto('user_identities')
        .values(row('a'.repeat(24)))
        .execute();
      await expect(
        t2.db
          .insertInto('user_identities')
          .values(row('b'.repeat(24)))
          .execute(),
      ).rejects.toThrow();
      await t2.db.deleteFrom('users').where('id', '=', who.userId).execute();
      const left = await t2.db.selectFrom('user_identities').select('id').execute();
      expect(left).toEqual([]);
    } finally {
      await t2.close();
    }
  });
});
