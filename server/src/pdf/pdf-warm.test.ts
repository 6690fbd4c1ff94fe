import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { findChromium } from './chromium.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.ts';
import { WARM_TRIGGERS } from './pdf-warm.ts';

/**
 * PDF_WARM: Chromium starts when a CV a PDF can be made of is first read, not at start-up,
 * and closes again after PDF_IDLE_MINUTES without a PDF (decision 0008 §0012).
 */

/** A renderer that draws nothing and counts its warm-ups; `cool()` plays the idle close. */
function countingRenderer(warm: () => Promise<void> = () => Promise.resolve()) {
  let warms = 0;
  let cold = true;
  const renderer: PdfRenderer = {
    render: () => Promise.resolve(Buffer.from('%PDF-1.4\n%%EOF\n')),
    warm: () => {
      warms += 1;
      cold = false;
      return warm();
    },
    get cold() {
      return cold;
    },
    close: () => Promise.resolve(),
  };
  return { renderer, warms: () => warms, cool: () => (cold = true) };
}

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function appWith(renderer: PdfRenderer, pdfWarm = 'on', logs?: string[]) {
  const t = await buildTestApp({
    env: { PDF_WARM: pdfWarm },
    pdfRenderer: renderer,
    ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  apps.push(t);
  return t;
}

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Lets a warm-up started after an answer run (it is not awaited by the request). */
const settle = () => new Promise((r) => setImmediate(r));

describe('PDF warm-up on demand (PDF_WARM=on)', () => {
  it('warms nothing at start-up; the first CV data answer warms once, later ones do not', async () => {
    const fake = countingRenderer();
    const t = await appWith(fake.renderer);
    const me = await loginAs(t);
    expect((await get(t, '/auth/user/fetch-user', me.cookie)).statusCode).toBe(200);
    expect(fake.warms()).toBe(0);

    expect((await get(t, '/api/curriculum-vitae/data', me.cookie)).statusCode).toBe(200);
    await settle();
    expect(fake.warms()).toBe(1);
    await get(t, '/api/curriculum-vitae/data', me.cookie);
    await settle();
    expect(fake.warms()).toBe(1);

    // After the idle close the next CV read warms again.
    fake.cool();
    await get(t, '/api/curriculum-vitae/data', me.cookie);
    await settle();
    expect(fake.warms()).toBe(2);
  });

  it('warms after the shared viewer’s CV data too; a refused request warms nothing', async () => {
    const fake = countingRenderer();
    const t = await appWith(fake.renderer);
    expect((await get(t, '/api/curriculum-vitae/data')).statusCode).toBe(401);
    const me = await loginAs(t);
    const cv = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae',
      headers: { cookie: me.cookie },
    });
    const cvId = cv.json<{ _id: string }>()._id;
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      payload: { id: cvId },
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    await settle();
    expect(fake.warms()).toBe(0);

    const own = await t.app.inject({
      method: 'POST',
      url: '/api/curriculum-vitae/view',
      headers: { cookie: me.cookie },
      payload: { id: cvId },
    });
    expect(own.statusCode).toBe(200);
    await settle();
    expect(fake.warms()).toBe(1);
  });

  it('names only routes the app has', async () => {
    const t = await appWith(countingRenderer().renderer);
    for (const trigger of WARM_TRIGGERS) {
      const [method, url] = trigger.split(' ') as ['GET' | 'POST', string];
      expect(t.app.hasRoute({ method, url }), trigger).toBe(true);
    }
  });

  it('logs a failed warm-up and still answers the CV', async () => {
    const logs: string[] = [];
    const fake = countingRenderer(() => Promise.reject(new Error('no browser today')));
    const t = await appWith(fake.renderer, 'on', logs);
    const me = await loginAs(t);
    expect((await get(t, '/api/curriculum-vitae/data', me.cookie)).statusCode).toBe(200);
    await settle();
    expect(fake.warms()).toBe(1);
    const failed = logs.map((l) => JSON.parse(l) as { msg?: string; level?: number });
    expect(failed).toContainEqual(
      expect.objectContaining({ msg: 'PDF renderer warm-up failed', level: 40 }),
    );
  });

  it('ignores the answers of another app in the same process, and warms nothing when off', async () => {
    const on = countingRenderer();
    const off = countingRenderer();
    await appWith(on.renderer);
    const t = await appWith(off.renderer, 'off');
    const me = await loginAs(t);
    expect((await get(t, '/api/curriculum-vitae/data', me.cookie)).statusCode).toBe(200);
    await settle();
    expect([on.warms(), off.warms()]).toEqual([0, 0]);
  });
});

const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');
const chrome = findChromium(process.env.CHROME_PATH);
const CI = process.env.CI === 'true' || process.env.CI === '1';
const missing = !chrome
  ? `no Chromium at ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}`
  : !fs.existsSync(path.join(WEB_DIST, 'print.html'))
    ? 'no web/dist/print.html (npm run build)'
    : null;
if (missing && !CI) console.warn(`PDF idle close test skipped: ${missing}`);

/** Chromium processes this test process started. */
function chromiumChildren(): number {
  const out = execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((comm) => /chrom/i.test(comm)).length;
}

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  for (const start = Date.now(); !check(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() - start > ms) throw new Error(`still waiting for ${what}`);
  }
}

describe.skipIf(Boolean(missing) && !CI)('PDF idle close (real Chromium)', () => {
  it('closes the browser after the idle time and launches it again on the next CV read', async () => {
    let launches = 0;
    const renderer = createPdfRenderer({
      executablePath: chrome!,
      webDist: WEB_DIST,
      idleMs: 300,
      onLaunch: () => (launches += 1),
    });
    try {
      const t = await appWith(renderer);
      const me = await loginAs(t);
      expect(launches).toBe(0);
      await get(t, '/api/curriculum-vitae/data', me.cookie);
      expect(launches).toBe(1);
      await until(() => chromiumChildren() > 0, 'Chromium to start');

      await until(() => renderer.cold === true, 'the idle close');
      await until(() => chromiumChildren() === 0, 'Chromium to exit');

      await get(t, '/api/curriculum-vitae/data', me.cookie);
      expect(launches).toBe(2);
      expect(renderer.cold).toBe(false);
      const pdf = await get(t, '/api/curriculum-vitae/pdf', me.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
