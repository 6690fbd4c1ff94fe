import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, DESIGN_MESSAGES } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { recordingPdfRenderer } from '../test/cv-settings-kit.ts';
import { loadCvData } from './cv-data.ts';

let t: TestApp;
/** What each PDF was asked to draw: the design must reach the print page. */
const { renderer, asked } = recordingPdfRenderer();

beforeAll(async () => {
  t = await buildTestApp({ pdfRenderer: renderer });
});
afterAll(() => t.close());

const call = callAs(() => t);
const setDesign = (who: Who | null, body: unknown) =>
  call(who, 'PUT', '/api/curriculum-vitae/design', body);
const storedDesign = async (who: Who) =>
  (await call(who, 'GET', '/api/curriculum-vitae/data')).json().data.design as unknown;

const chosen = { accent: '#BE123C', font: 'lora', size: 'large', density: 'compact' };
const stored = { ...chosen, accent: '#be123c' };

describe('PUT /api/curriculum-vitae/design', () => {
  it("is the template's own for a new CV and keeps a choice, in the one-request CV", async () => {
    const me = await loginAs(t);
    expect(await storedDesign(me)).toEqual(DEFAULT_DESIGN);

    const saved = await setDesign(me, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ design: stored });
    expect(await storedDesign(me)).toEqual(stored);

    // Another user's CV is not touched.
    const other = await loginAs(t);
    expect(await storedDesign(other)).toEqual(DEFAULT_DESIGN);

    // Back to the template's own, part by part.
    const reset = { accent: null, font: null, size: 'medium', density: 'normal' };
    expect((await setDesign(me, reset)).json().design).toEqual(reset);
    expect(await storedDesign(me)).toEqual(DEFAULT_DESIGN);
  });

  it('refuses a bad part with 400 and its message, and changes nothing', async () => {
    const me = await loginAs(t);
    await setDesign(me, chosen);
    const cases: Array<[Record<string, unknown>, keyof typeof DESIGN_MESSAGES]> = [
      [{ ...chosen, accent: 'red' }, 'accent'],
      [{ ...chosen, accent: '#12345' }, 'accent'],
      [{ ...chosen, accent: '#1234567' }, 'accent'],
      [{ ...chosen, accent: 'url(javascript:1)' }, 'accent'],
      [{ ...chosen, accent: 12 }, 'accent'],
      [{ ...chosen, font: 'Comic Sans' }, 'font'],
      [{ ...chosen, font: '' }, 'font'],
      [{ ...chosen, size: 'huge' }, 'size'],
      [{ ...chosen, size: undefined }, 'size'],
      [{ ...chosen, density: 'tight' }, 'density'],
      [{ ...chosen, density: null }, 'density'],
    ];
    for (const [body, field] of cases) {
      const res = await setDesign(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toBe(DESIGN_MESSAGES[field]);
    }
    const extra = await setDesign(me, { ...chosen, css: 'body{display:none}' });
    expect(extra.statusCode).toBe(400);
    expect((await setDesign(me, [chosen])).statusCode).toBe(400);
    expect(await storedDesign(me)).toEqual(stored);
  });

  it('answers 401 without a session', async () => {
    expect((await setDesign(null, chosen)).statusCode).toBe(401);
  });

  it('the last of parallel choices wins cleanly: the stored design is one of those sent', async () => {
    const me = await loginAs(t);
    const bodies = ['#111111', '#222222', '#333333', '#444444'].map((accent) => ({
      ...chosen,
      accent,
    }));
    const answers = await Promise.all(bodies.map((b) => setDesign(me, b)));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    expect(bodies).toContainEqual(await storedDesign(me));
  });

  it('reaches the PDF and what a share recipient or HR user is given', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', { fullName: 'Naledi Khumalo' });
    await setDesign(me, chosen);
    asked.length = 0;
    expect((await call(me, 'GET', '/api/curriculum-vitae/pdf')).statusCode).toBe(200);
    expect(asked[0]?.payload.data.design).toEqual(stored);
    // Shared views and HR spread this (sharing/shared-cv-data.ts, hr/hr-cv-data.ts).
    expect((await loadCvData(t.db, me.userId)).design).toEqual(stored);
  });

  it('a damaged stored value reads as the template’s own, never an error', async () => {
    const me = await loginAs(t);
    await setDesign(me, chosen);
    await t.db
      .updateTable('curriculum_vitae')
      .set({ design: '{"accent":"expression(x)","font":"wingdings","size":9}' })
      .where('user_id', '=', me.userId)
      .execute();
    const res = await call(me, 'GET', '/api/curriculum-vitae/data');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.design).toEqual(DEFAULT_DESIGN);
  });
});
