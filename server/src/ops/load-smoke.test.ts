import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let t: TestApp;
let url: string;

beforeAll(async () => {
  // The load's clients each send their own X-Forwarded-For address, as behind the cluster's
  // HAProxy, so the rate limits count each on its own.
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface LoadReport {
  requests: number;
  errors: number;
  rows: { kind: string; count: number; errors: number; p50: number; p99: number }[];
  signIn: { count: number; errors: number };
  sockets: { wanted: number; connected: number };
  delivery: { count: number; undelivered: number; p99: number };
  writes: { acknowledged: number; lost: number };
}

describe('npm run load (smoke)', () => {
  it('drives the mix against an instance and reports each kind with no errors', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        ...['--import', 'tsx', 'scripts/load.mjs', '--url', url],
        ...['--outbox', path.join(t.dataDir, 'outbox'), '--duration', '2', '--rate', '10'],
        ...['--sockets', '2', '--users', '3', '--owners', '2', '--hr', '1', '--listed', '0'],
        ...['--no-doc', '--json'],
      ],
      { cwd: ROOT, timeout: 60_000 },
    );
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadReport;
    expect(report.errors).toBe(0);
    expect(report.requests).toBeGreaterThan(5);
    for (const row of report.rows) {
      expect(row).toMatchObject({ errors: 0 });
      expect(row.count).toBeGreaterThan(0);
      expect(row.p99).toBeGreaterThanOrEqual(row.p50);
    }
    expect(report.signIn).toMatchObject({ count: 4, errors: 0 });
    expect(report.sockets).toEqual(expect.objectContaining({ wanted: 2, connected: 2 }));
    expect(report.delivery.undelivered).toBe(0);
    expect(report.writes.lost).toBe(0);
  });
});
