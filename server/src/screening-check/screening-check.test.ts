import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningCheck } from '@vitae/core/screening-check';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import { TYPICAL_NAME, typicalCv } from '../test/typical-cv.ts';
import { createPdfRenderer, findChromium, type PdfRenderer } from '../pdf/index.ts';

/**
 * "What a screening system reads" (issue 35): the CV's own PDF read back by the PDF import's
 * parser. Who may ask runs everywhere (no PDF is made); the reading itself needs Chromium and
 * is skipped without it, with the reason, except under CI. Three renders in all.
 */
const CI = process.env.CI === 'true' || process.env.CI === '1';
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const chrome = findChromium(process.env.CHROME_PATH);
if (!chrome && !CI) console.warn('Screening check tests skipped: no Chromium');
const describePdf = !chrome && !CI ? describe.skip : describe;
const URL = '/api/curriculum-vitae/screening-check';

async function fill(call: ReturnType<typeof callAs>, who: Who, cv = typicalCv()): Promise<void> {
  for (const [key, entries] of Object.entries(cv)) {
    for (const entry of entries) {
      const res = await call(who, 'POST', `/api/${key}`, entry);
      expect(res.statusCode, `POST /api/${key}: ${res.body}`).toBeLessThan(300);
    }
  }
}

describe('who may ask (no PDF made)', () => {
  let t: TestApp;
  const call = callAs(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ pdfRenderer: null });
  });
  afterAll(() => t.close());

  it('answers 401 signed out and 404 for another user’s version', async () => {
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    const owner = await loginAs(t);
    const version = (
      await call(owner, 'POST', '/api/curriculum-vitae/versions', { name: 'Short' })
    ).json()._id as string;
    const stranger = await loginAs(t);
    const res = await call(stranger, 'GET', `${URL}?version=${version}`);
    expect(res.statusCode).toBe(404);
    const bad = await call(owner, 'GET', `${URL}?template=template99`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please choose one of the ten templates or ink-friendly.');
  });

  it('answers 503 with a clear message without Chromium, and refuses past 30 a minute', async () => {
    const me = await loginAs(t);
    const first = await call(me, 'GET', URL);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({
      code: 'screening_unavailable',
      error: expect.stringContaining('not available on this server'),
    });
    for (let i = 1; i < 30; i++) expect((await call(me, 'GET', URL)).statusCode).toBe(503);
    const refused = await call(me, 'GET', URL);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      'Too many screening checks. Please wait a minute and try again.',
    );
    // Another user is not held back.
    expect((await call(await loginAs(t), 'GET', URL)).statusCode).toBe(503);
  });
});

describePdf('what a screening system reads', () => {
  let t: TestApp;
  let renderer: PdfRenderer;
  let owner: Who;
  let plain: Who;
  const call = callAs(() => t);
  const check = async (query: string, who = owner): Promise<ScreeningCheck> => {
    const res = await call(who, 'GET', `${URL}${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<ScreeningCheck>();
  };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'print.html'))) {
      execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    }
    renderer = createPdfRenderer({ executablePath: chrome!, webDist: WEB_DIST });
    t = await buildTestApp({ webDist: WEB_DIST, pdfRenderer: renderer });
    owner = await loginAs(t, { fullName: TYPICAL_NAME });
    await fill(call, owner);
    // The typical CV without the short sections template 01 sets side by side with skills
    // (languages, interests, attributes) and the references it sets in two columns: one
    // column from top to bottom.
    plain = await loginAs(t, { fullName: TYPICAL_NAME });
    const { language, reference, interest, attribute, ...oneColumn } = typicalCv();
    void [language, reference, interest, attribute];
    await fill(call, plain, oneColumn);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await renderer?.close();
  });

  it('a single-column CV: the name, email, phone and every section, no column warning', async () => {
    const found = await check('', plain);
    expect(found.template).toBe('template01');
    expect(found.text).toContain(TYPICAL_NAME);
    const contact = Object.fromEntries(found.contact.map((c) => [c.field, c]));
    expect(contact.name).toMatchObject({ value: TYPICAL_NAME, found: true });
    expect(contact.email).toMatchObject({ read: 'thandi.mokoena@example.com', found: true });
    expect(contact.phone).toMatchObject({ found: true });
    const titles = (f: boolean) => found.sections.filter((s) => s.found === f).map((s) => s.title);
    expect(titles(false)).toEqual([]);
    expect(titles(true)).toEqual(
      expect.arrayContaining([
        'Professional Summary',
        'Employment History',
        'Skills',
        'Tertiary Education',
      ]),
    );
    expect(found.warnings.filter((w) => w.kind === 'columns')).toEqual([]);
    expect(found.warnings.filter((w) => w.kind === 'date')).toEqual([]);
  });

  it('a sidebar template: its findings say honestly what was read', async () => {
    const started = Date.now();
    const found = await check('?template=template03');
    const ms = Date.now() - started;
    console.info(`screening check of template03 (two pages): ${ms} ms with Chromium warm`);
    expect(found.template).toBe('template03');
    // Every section the CV shows is listed, found or not; what is not found is said.
    expect(found.sections.map((s) => s.key)).toEqual(
      expect.arrayContaining(['employment-history', 'skill']),
    );
    // Sections carry the titles Creative prints, and its playful ones are called out.
    expect(found.sections.find((s) => s.key === 'employment-history')?.title).toBe(
      "Where I've worked",
    );
    expect(found.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining(
        "This template titles sections “Where I've worked”, “Other adventures”",
      ),
    );
    // The sidebar (languages, interests) is read in the middle of the main column.
    const columns = found.warnings.filter((w) => w.kind === 'columns');
    expect(columns.map((w) => w.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^The lines of “.+” and “.+” interleave/)]),
    );
    // Every contact detail the CV holds is listed, found or not, with what was read.
    expect(found.contact.map((c) => c.field)).toEqual([
      'name',
      'email',
      'phone',
      'linkedin',
      'website',
    ]);
    for (const c of found.contact.filter((x) => !x.found)) {
      expect(found.warnings.some((w) => w.kind === 'contact' && w.message.includes(c.value))).toBe(
        true,
      );
    }
  });

  it('follows the version asked for', async () => {
    const version = (
      await call(owner, 'POST', '/api/curriculum-vitae/versions', { name: 'No skills' })
    ).json()._id as string;
    const res = await call(owner, 'PUT', `/api/curriculum-vitae/arrangement?version=${version}`, {
      hidden: ['skill'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = await check(`?version=${version}&template=ink-friendly`);
    expect(found.sections.map((s) => s.key)).not.toContain('skill');
    expect(found.text).not.toContain('TypeScript');
  });
});
