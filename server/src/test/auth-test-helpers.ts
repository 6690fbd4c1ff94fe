import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './build-test-app.ts';

/** The PUBLIC_URL buildTestApp configures; every emailed link must start with it. */
export const PUBLIC_URL = 'http://localhost:5000';

let ipCounter = 0;
/** A distinct client address, so one test's requests never spend another test's rate limits. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `192.168.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

export function post(
  t: TestApp,
  url: string,
  payload?: unknown,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    remoteAddress: opts.ip ?? freshIp(),
  });
}

export function get(t: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export const registration = (over: Record<string, unknown> = {}) => ({
  fullName: 'Grace Hopper',
  email: uniqueEmail(),
  password: 'secret123',
  password2: 'secret123',
  ...over,
});

/** Registers through the API; fails the test unless the answer is 201. */
export async function register(
  t: TestApp,
  over: Record<string, unknown> = {},
): Promise<{ email: string; password: string }> {
  const body = registration(over);
  const res = await post(t, '/auth/user/register', body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email: body.email as string, password: body.password as string };
}

/** Every token of one kind mailed to `email`, in the order the links appear in the outbox. */
export async function mailedTokens(
  t: TestApp,
  email: string,
  route: 'email-verified' | 'reset-password',
): Promise<string[]> {
  const pattern = new RegExp(`${PUBLIC_URL}/${route}/([A-Za-z0-9_-]+)(?:\\s|$)`);
  const tokens: string[] = [];
  for (const mail of await t.outbox()) {
    const m = mail.to === email ? pattern.exec(mail.text) : null;
    if (m) tokens.push(m[1]!);
  }
  return tokens;
}

/** The one token of that kind mailed to `email`; fails unless exactly one was sent. */
export async function onlyMailedToken(
  t: TestApp,
  email: string,
  route: 'email-verified' | 'reset-password',
): Promise<string> {
  const tokens = await mailedTokens(t, email, route);
  if (tokens.length !== 1)
    throw new Error(`expected one ${route} mail to ${email}, saw ${tokens.length}`);
  return tokens[0]!;
}

/** Registers, verifies through the emailed link, and returns the credentials. */
export async function verifiedUser(
  t: TestApp,
  over: Record<string, unknown> = {},
): Promise<{ email: string; password: string }> {
  const creds = await register(t, over);
  const token = await onlyMailedToken(t, creds.email, 'email-verified');
  const res = await post(t, '/auth/user/verify-email', { id: token });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  return creds;
}

export const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'vitae_sid');

/** Signs in through the API; returns the cookie header for later requests. */
export async function signIn(
  t: TestApp,
  creds: { email: string; password: string },
  extra: Record<string, unknown> = {},
): Promise<{ cookie: string; res: LightMyRequestResponse }> {
  const res = await post(t, '/auth/user/login-web', { ...creds, ...extra });
  const c = sessionCookie(res);
  if (res.statusCode !== 200 || !c) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { cookie: `${c.name}=${c.value}`, res };
}

/** A log destination that keeps every line, for asserting what the server writes. */
export function logCapture(): { write(line: string): void; lines: string[]; text(): string } {
  const lines: string[] = [];
  return {
    lines,
    write: (line) => void lines.push(line),
    text: () => lines.join(''),
  };
}
