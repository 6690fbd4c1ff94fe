import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setSessionExpiredHandler } from './api.ts';

function answer(status: number, body: unknown) {
  const fn = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionExpiredHandler(() => {});
});

describe('api', () => {
  it('sends JSON with credentials and returns the body', async () => {
    const fn = answer(200, { ok: 1 });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [, init] = fn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('starts the first of requests made together at once, each other in a task of its own', async () => {
    const fn = answer(200, { ok: 1 });
    const urls = () => fn.mock.calls.map((call) => (call as unknown as [string])[0]);
    // A fresh copy of the module, untouched by the other tests' requests: these three are
    // the first of their task, with no wait for the earlier ones' task to end.
    vi.resetModules();
    const { api } = await import('./api.ts');
    const all = Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    // The rest of this task: promise callbacks run, no other task does.
    for (let i = 0; i < 20; i += 1) await null;
    expect(urls()).toEqual(['/api/a']);
    await all;
    expect(urls()).toEqual(['/api/a', '/api/b', '/api/c']);
  });

  it('throws ApiError with status, message and field errors', async () => {
    answer(400, { error: 'Bad', fieldErrors: { email: 'Please enter a valid email address' } });
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      message: 'Bad',
      fieldErrors: { email: 'Please enter a valid email address' },
    });
  });

  it('treats a 2xx body with an error field as a failure', async () => {
    answer(200, { error: 'Failed to build CV' });
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'Failed to build CV' });
  });

  it.each([
    [401, { error: 'You must be logged in.' }],
    [403, { error: 'Forbidden' }],
    [400, { error: 'You must be logged in.' }],
  ])('ends the session on %i %j', async (status, body) => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    answer(status, body);
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('leaves the session alone for auth form calls and other errors', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    answer(401, { error: 'Invalid email or password.' });
    await expect(
      api.post('/auth/user/login-web', {}, { sessionCheck: false }),
    ).rejects.toBeInstanceOf(ApiError);
    answer(404, { error: 'Not found' });
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(expired).not.toHaveBeenCalled();
  });
});
