import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../db/create-db.ts';
import { guardedDb, registerReadOnlyGets } from './read-only-gets.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-guard-'));
const raw = createDb({ kind: 'sqlite', file: path.join(dir, 'guard.sqlite') });
afterAll(async () => {
  await raw.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A tiny app whose GET and POST both write, as a careless feature might. */
async function appIn(env: string) {
  await migrateToLatest(raw);
  const db = guardedDb(raw, env);
  const app = Fastify();
  registerReadOnlyGets(app, env);
  const write = () => db.deleteFrom('sessions').where('user_id', '=', 'nobody').execute();
  app.get('/thing', async () => (await write(), { ok: true }));
  app.post('/thing', async () => (await write(), { ok: true }));
  app.get(
    '/callback',
    { config: { writesOnGet: true } },
    async () => (await write(), { ok: true }),
  );
  app.get('/read', async () => ({
    n: (await db.selectFrom('users').select('id').execute()).length,
  }));
  return app;
}

describe('read-only GETs', () => {
  it('fails a GET handler that writes, outside production; POSTs and reads go through', async () => {
    const app = await appIn('test');
    expect((await app.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'POST', url: '/thing' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
  });

  it('lets a GET that names itself a protocol’s redirect target write', async () => {
    const app = await appIn('test');
    expect((await app.inject({ method: 'GET', url: '/callback' })).statusCode).toBe(200);
  });

  it('adds nothing in production', async () => {
    const app = await appIn('production');
    expect((await app.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(200);
  });
});
