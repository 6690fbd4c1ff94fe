import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { describeOutboxAccess, isLoopback, outboxAccess } from './outbox-access.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function appWith(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const t = await buildTestApp({ env });
  apps.push(t);
  // A reset link in the outbox: what an attacker reading the page would use.
  const { email } = await loginAs(t);
  const forgot = await t.app.inject({
    method: 'POST',
    url: '/auth/user/forgot',
    payload: { email },
  });
  expect(forgot.statusCode).toBe(200);
  return t;
}

/** Both outbox URLs from one client address; the status codes, and whether a reset link leaked. */
async function read(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  const json = await t.app.inject({ url: '/dev/outbox.json', remoteAddress, headers });
  const html = await t.app.inject({ url: '/dev/outbox', remoteAddress, headers });
  return {
    statuses: [json.statusCode, html.statusCode],
    leaked: /reset-password\//.test(json.body + html.body),
    json,
  };
}

const REMOTE = '203.0.113.9';

describe('the outbox page', () => {
  it('answers the local user on a loopback-bound server (the default HOST)', async () => {
    const t = await appWith();
    for (const local of ['127.0.0.1', '127.8.0.2', '::1', '::ffff:127.0.0.1']) {
      const r = await read(t, local);
      expect(r.statuses, local).toEqual([200, 200]);
      expect(r.leaked).toBe(true);
    }
    const [mail] = (await read(t, '127.0.0.1')).json.json();
    expect(mail).toMatchObject({ subject: expect.any(String), text: expect.any(String) });
  });

  it('answers a request from another address, or through a proxy, with the plain 404', async () => {
    const t = await appWith();
    const cases: [string, Record<string, string>][] = [
      [REMOTE, {}],
      [REMOTE, { 'x-forwarded-for': '127.0.0.1' }],
      // A proxy on the same machine: the socket is loopback, the visitor is not.
      ['127.0.0.1', { 'x-forwarded-for': REMOTE }],
      ['127.0.0.1', { forwarded: `for=${REMOTE}` }],
      ['127.0.0.1', { 'x-real-ip': REMOTE }],
    ];
    for (const [addr, headers] of cases) {
      const r = await read(t, addr, headers);
      expect(r.statuses, `${addr} ${JSON.stringify(headers)}`).toEqual([404, 404]);
      expect(r.leaked).toBe(false);
      expect(r.json.json()).toEqual({ error: 'No route for GET /dev/outbox.json' });
    }
  });

  it('is off behind a trusted proxy, even for a request that looks local', async () => {
    const t = await appWith({ TRUST_PROXY: 'true' });
    const looksLocal: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }];
    for (const headers of looksLocal) {
      expect((await read(t, '127.0.0.1', headers)).statuses).toEqual([404, 404]);
    }
  });

  it('is off when HOST is not loopback, even for a loopback request', async () => {
    const t = await appWith({ HOST: '0.0.0.0' });
    for (const addr of ['127.0.0.1', REMOTE]) {
      const r = await read(t, addr);
      expect(r.statuses, addr).toEqual([404, 404]);
      expect(r.leaked).toBe(false);
    }
  });

  it('answers anyone with OUTBOX_PAGE=on', async () => {
    const t = await appWith({ HOST: '0.0.0.0', OUTBOX_PAGE: 'on' });
    const r = await read(t, REMOTE);
    expect(r.statuses).toEqual([200, 200]);
    expect(r.leaked).toBe(true);
  });

  it('is off in production whatever OUTBOX_PAGE says, and with OUTBOX_PAGE=off', async () => {
    for (const env of [
      { NODE_ENV: 'production', OUTBOX_PAGE: 'on' },
      { NODE_ENV: 'production' },
      { OUTBOX_PAGE: 'off' },
    ]) {
      const t = await appWith(env);
      const r = await read(t, '127.0.0.1');
      expect(r.statuses, JSON.stringify(env)).toEqual([404, 404]);
      expect(r.leaked).toBe(false);
    }
  });
});

describe('outboxAccess and the start-up line', () => {
  const url = 'http://localhost:5000';
  const base = { env: 'development', host: '127.0.0.1', trustProxy: false } as const;

  it.each([
    [{ ...base }, 'outbox page: local only at http://localhost:5000/dev/outbox'],
    [{ ...base, host: 'localhost' }, 'outbox page: local only at http://localhost:5000/dev/outbox'],
    [
      { ...base, host: '0.0.0.0' },
      'outbox page: off (HOST is not loopback; set OUTBOX_PAGE=on to open it)',
    ],
    [
      { ...base, host: '0.0.0.0', outboxPage: 'on' },
      'outbox page: open to anyone who reaches http://localhost:5000/dev/outbox (OUTBOX_PAGE=on)',
    ],
    [{ ...base, outboxPage: 'off' }, 'outbox page: off (OUTBOX_PAGE=off)'],
    [
      { ...base, trustProxy: 1 },
      'outbox page: off (TRUST_PROXY is set, so requests come through a proxy; set OUTBOX_PAGE=on to open it)',
    ],
    [{ ...base, env: 'production', outboxPage: 'on' }, 'outbox page: off (NODE_ENV is production)'],
  ] as const)('%j → %s', (config, line) => {
    expect(describeOutboxAccess(outboxAccess(config), url)).toBe(line);
  });

  it('knows loopback addresses from the rest', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '[::1]', '0:0:0:0:0:0:0:1', 'LOCALHOST']) {
      expect(isLoopback(a), a).toBe(true);
    }
    for (const a of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '1::1', '128.0.0.1', '']) {
      expect(isLoopback(a), a).toBe(false);
    }
    expect(isLoopback(undefined)).toBe(false);
  });
});
