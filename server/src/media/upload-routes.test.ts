import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { multipart } from '../test/media-test-kit.ts';

/**
 * Multipart bodies are read by the two upload routes only (uploadRoutes): every other route
 * refuses one as an unsupported content type and stores nothing. (The upload routes' own tests
 * cover the routes that read them.)
 */
describe('multipart bodies outside the upload routes', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await loginAs(t));
  });
  afterAll(() => t.close());

  it('answers 415 on a section route and saves nothing', async () => {
    const body = multipart({ skill: 'Python', proficiency: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/skill',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Unsupported content type.' });
    const list = await t.app.inject({ method: 'GET', url: '/api/skill', headers: { cookie } });
    expect(list.json()).toEqual({ data: [] });
  });
});
