import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { typicalCv } from '../server/src/test/typical-cv.ts';

/** One email as the dev outbox lists it (`GET /dev/outbox.json`, newest first). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

type RequestSource = Page | APIRequestContext;

const requestOf = (src: RequestSource): APIRequestContext => ('request' in src ? src.request : src);

let counter = 0;

/** A fresh address per call, unique across parallel workers. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now()}-${process.pid}-${counter}-${rand}@example.test`;
}

export async function readOutbox(src: RequestSource): Promise<OutboxMail[]> {
  const res = await requestOf(src).get('/dev/outbox.json');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as OutboxMail[];
}

/**
 * Waits for the newest email to `to` whose subject matches, and returns the first link
 * in it that contains `linkPart` (e.g. '/email-verified/' or '/reset-password/').
 */
export async function linkFromOutbox(
  src: RequestSource,
  to: string,
  linkPart: string,
  subject?: RegExp,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<]*${linkPart.replace(/[/]/g, '\\/')}[^\\s"<]*`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(src);
        const mail = mails.find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(m.subject)),
        );
        link = mail?.text.match(pattern)?.[0];
        return link;
      },
      { message: `an email to ${to} with a ${linkPart} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The path part of a link from an email (the e2e server's PUBLIC_URL is its own origin). */
export function pathOf(link: string): string {
  const u = new URL(link);
  return u.pathname + u.search;
}

/** Registers through the API (nothing signs in). Throws with the server's answer on failure. */
export async function registerUser(
  src: RequestSource,
  opts: Partial<TestUser> & { HRIntent?: boolean } = {},
): Promise<TestUser> {
  const user: TestUser = {
    email: opts.email ?? uniqueEmail(),
    password: opts.password ?? 'correct-horse-1',
    fullName: opts.fullName ?? 'Test User',
  };
  const res = await requestOf(src).post('/auth/user/register', {
    data: {
      fullName: user.fullName,
      email: user.email,
      password: user.password,
      password2: user.password,
      ...(opts.HRIntent ? { HRIntent: true } : {}),
    },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return user;
}

/**
 * Registers a user through the API, verifies the address through the link of the
 * verification email in the outbox, and returns the credentials. Pass `hr: true` for an
 * HR user.
 */
export async function createVerifiedUser(
  src: RequestSource,
  opts: Partial<TestUser> & { hr?: boolean } = {},
): Promise<TestUser> {
  const user = await registerUser(src, { ...opts, HRIntent: opts.hr });
  const link = await linkFromOutbox(src, user.email, '/email-verified/');
  const token = new URL(link).pathname.split('/').pop()!;
  const res = await requestOf(src).post('/auth/user/verify-email', { data: { id: token } });
  if (!res.ok()) throw new Error(`verify failed: ${res.status()} ${await res.text()}`);
  return user;
}

/** Signs in through the login page and waits until the app has left /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Signs up through the sign-up page, opens the verification link, and returns the user. */
export async function signUpAndVerify(page: Page, opts: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: opts.email ?? uniqueEmail('signup'),
    password: opts.password ?? 'correct-horse-1',
    fullName: opts.fullName ?? 'Signup Tester',
  };
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/signup')) await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please check your email to verify your account')).toBeVisible();
  const link = await linkFromOutbox(page, user.email, '/email-verified/');
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  return user;
}

/** Signs out from the dashboard header. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** A new user signed in at 1280 px with the typical CV filled in through the API. */
export async function signInWithTypicalCv(page: Page, fullName: string): Promise<void> {
  const user = await createVerifiedUser(page, { fullName });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  for (const [key, entries] of Object.entries(typicalCv())) {
    for (const entry of entries) {
      const res = await page.request.post(`/api/${key}`, { data: entry });
      expect(res.ok(), `POST /api/${key}: ${res.status()} ${await res.text()}`).toBeTruthy();
    }
  }
}
