import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type Who } from './build-test-app.ts';
import { routesOf } from './route-tree.ts';

/*
 * Who may read what (design.md §4), over every GET the app registers: a new route is covered
 * without being listed, and one that forgets its session check fails here. Writes are refused
 * before their handler for want of a valid body (bad-input.test.ts), and each feature's own
 * tests check its writes' 401 and 404.
 */

/** GETs anyone may call, and why. */
const PUBLIC: Record<string, string> = {
  '/api/docs': 'the API reference',
  '/api/docs/json': 'the API reference',
  '/api/docs/yaml': 'the API reference',
  '/api/docs/static/index.html': 'the API reference',
  '/api/docs/static/swagger-initializer.js': 'the API reference',
  '/healthz': 'the balancer asks it',
  '/readyz': 'the balancer asks it',
  '/dev/outbox': 'the local outbox: loopback only (design.md §5)',
  '/dev/outbox.json': 'the local outbox: loopback only (design.md §5)',
  '/auth/user/fetch-user': 'says who is signed in, or that nobody is',
  '/auth/providers': "the sign-in page's buttons: provider names only",
  '/auth/oidc/:provider/start': 'sign-in with a provider starts signed out',
  '/auth/oidc/:provider/callback': 'the provider sends the browser back, checked by its state',
  '/auth/user/reset/:token': 'the emailed reset link',
  '/api/email/unsubscribe': 'the signed link in an email (RFC 8058)',
  '/api/first-impression/demo': 'the demo video behind Watch Demo',
  '/media/demo/first-impression.mp4': 'the demo video behind Watch Demo',
  '/media/file/:key': "media URLs, each checked against its signature and its holder's grant",
  '/api/share-cv/by-cv-id/:id': "a share's public part, without the CV (design.md §4)",
  '/api/curriculum-vitae/:id/pdf': "a share recipient's PDF, checked against the unlock",
  '/api/cv-link/:slug': 'a public link the owner turned on',
  '/api/cv-link/:slug/pdf': 'a public link the owner turned on',
};

/** Queries a route validates before it looks at the session. */
const QUERY: Record<string, string> = { '/api/public-cv/skills': '?prefix=py' };

const isHrRoute = (path: string) =>
  path.startsWith('/hr/') || ['/api/public-cv/browse', '/api/public-cv/skills'].includes(path);

const t = await buildTestApp();
afterAll(() => t.close());
const seeker = await loginAs(t, { fullName: 'Matrix Seeker' });
const gets = routesOf(t.app).filter((r) => r.method === 'GET' && !r.path.includes('*'));
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, 'a'.repeat(24)) + (QUERY[path] ?? '');
const get = (path: string, who?: Who) =>
  t.app.inject({ method: 'GET', url: urlOf(path), headers: who ? { cookie: who.cookie } : {} });

describe('who may read what, over every GET route', () => {
  it('lists only routes that exist', () => {
    const paths = new Set(gets.map((r) => r.path));
    expect(Object.keys(PUBLIC).filter((p) => !paths.has(p))).toEqual([]);
    expect(gets.length).toBeGreaterThan(80);
  });

  it('answers 401 to a visitor without a session, but for the public routes', async () => {
    const open: string[] = [];
    for (const { path } of gets.filter((r) => !(r.path in PUBLIC))) {
      const res = await get(path);
      if (res.statusCode !== 401) open.push(`${path}: ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('answers the public routes without a server error', async () => {
    for (const path of Object.keys(PUBLIC)) {
      expect((await get(path)).statusCode, path).toBeLessThan(500);
    }
  });

  it('answers 403 to a job seeker on the HR routes', async () => {
    const hrRoutes = gets.filter((r) => isHrRoute(r.path));
    expect(hrRoutes.length).toBeGreaterThanOrEqual(5);
    for (const { path } of hrRoutes) expect((await get(path, seeker)).statusCode, path).toBe(403);
  });
});
