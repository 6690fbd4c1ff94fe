import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

function appThrowing(err: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/x', async () => {
    throw err;
  });
  return app;
}

const pgError = (message: string, code?: string) => Object.assign(new Error(message), { code });

describe('error answers', () => {
  it.each([
    [
      'PostgreSQL shutting down or restarting',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL starting up', pgError('the database system is starting up', '57P03')],
    ['no connection to be had', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection cut under the pool', pgError('Connection terminated unexpectedly')],
  ])('answers 503 with Retry-After when the database is out of reach: %s', async (_, err) => {
    const app = appThrowing(err);
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'Something went wrong. Please try again.' });
    await app.close();
  });

  it('answers anything else unexpected with 500', async () => {
    const app = appThrowing(pgError('division by zero', '22012'));
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
