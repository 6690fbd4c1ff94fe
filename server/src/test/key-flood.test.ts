import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../plugins/rate-limit.ts';
import { buildTestApp, loginAs, type TestApp } from './build-test-app.ts';

/**
 * Issue 31, item 1: wrong-pin and sign-in counters under their limit survive a flood of
 * unrelated keys (forgot-password requests with fresh emails from many addresses). The memory
 * limiter runs with a small table, so a flood of a few hundred keys would fill it.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisOpts = { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 };

async function redisClient(): Promise<Redis | null> {
  const redis = new Redis(REDIS_URL, { ...redisOpts, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? redis : null;
  } catch {
    redis.disconnect();
    return null;
  }
}

const redis = await redisClient();
if (!redis && !process.env.CI) {
  console.warn(`key-flood.test: skipping the Redis limiter run: no Redis answers at ${REDIS_URL}`);
}
afterAll(() => redis?.disconnect());

const limiters: Array<[string, () => RateLimiter]> = [
  ['memory', () => memoryRateLimiter({ maxKeys: 100, maxBlockedKeys: 100 })],
  ...(redis || process.env.CI
    ? [['redis', () => redisRateLimiter(redis!)] as [string, () => RateLimiter]]
    : []),
];

// Redis keeps its counters between runs (and CI may share it with another run): each run
// takes its own addresses, so one run's limits never count against the next.
let ipCounter = Math.floor(Math.random() * 200) * 65_536 + Math.floor(Math.random() * 128) * 256;
const loopback = () =>
  `127.${32 + (++ipCounter >> 16)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
const runId = Math.random().toString(36).slice(2, 8);

describe.each(limiters)('a key flood against the %s limiter', (_name, makeLimiter) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ limiter: makeLimiter() });
  });
  afterAll(() => t.close());

  const inject = (url: string, payload: object, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** 200 forgot-password requests (400 keys), each for a fresh email, two per address. */
  async function flood() {
    for (let i = 0; i < 100; i++) {
      const ip = loopback();
      for (let j = 0; j < 2; j++) {
        const email = `flood-${runId}-${i}-${j}@example.com`;
        expect((await inject('/auth/user/forgot', { email }, ip)).statusCode).toBe(200);
      }
    }
  }

  it('keeps a link’s wrong-pin count through the flood', async () => {
    const owner = await loginAs(t, { fullName: 'Naledi Dlamini' });
    await inject('/api/personal-info', { fullName: 'Naledi Dlamini' }, loopback(), owner.cookie);
    const cv = await t.app.inject({
      method: 'GET',
      url: '/api/curriculum-vitae',
      headers: { cookie: owner.cookie },
    });
    const cvId = (cv.json() as { _id: string })._id;
    const email = `hr-${runId}@acme.example`;
    const sent = await inject(
      '/api/share-cv',
      {
        curriculumVitaeID: cvId,
        subject: 'CV',
        message: 'Please consider my CV.',
        recipients: [{ email }],
        assignedPhotoUrl: null,
      },
      loopback(),
      owner.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = (await t.outbox()).find((m) => m.to === email)!;
    const link = /Open it here: (\S+)/.exec(mail.text)![1]!;
    const shareId = new URL(link).searchParams.get('share')!;
    const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
    const wrongPin = pin === '000000' ? '111111' : '000000';
    const guess = (p: string, ip: string) =>
      inject('/api/share-cv/unlock', { cvId, shareId, pin: p }, ip);

    // 9 wrong pins from three addresses: under the link's 10.
    for (const ip of [loopback(), loopback(), loopback()]) {
      for (let i = 0; i < 3; i++) expect((await guess(wrongPin, ip)).statusCode).toBe(400);
    }
    await flood();
    expect((await guess(wrongPin, loopback())).statusCode).toBe(400);
    expect((await guess(wrongPin, loopback())).statusCode).toBe(429);
    expect((await guess(pin, loopback())).statusCode).toBe(429);
  }, 60_000);

  it('keeps an account’s wrong-password count through the flood', async () => {
    const user = await loginAs(t);
    const ip = loopback();
    const login = (password: string) =>
      inject('/auth/user/login-web', { email: user.email, password }, ip);
    for (let i = 0; i < 9; i++) expect((await login('wrong-password')).statusCode).toBe(401);
    await flood();
    expect((await login('wrong-password')).statusCode).toBe(401);
    expect((await login('wrong-password')).statusCode).toBe(429);
  }, 60_000);
});
