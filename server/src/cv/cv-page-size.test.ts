import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MESSAGE } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { recordingPdfRenderer } from '../test/cv-settings-kit.ts';

let t: TestApp;
/** The paper each PDF was asked on: what the download defaults to is the point here. */
const { renderer, asked } = recordingPdfRenderer();

beforeAll(async () => {
  t = await buildTestApp({ pdfRenderer: renderer });
});
afterAll(() => t.close());

const call = callAs(() => t);
const setSize = (who: Who | null, body: unknown) =>
  call(who, 'PUT', '/api/curriculum-vitae/page-size', body);
const storedSize = async (who: Who) =>
  (await call(who, 'GET', '/api/curriculum-vitae/data')).json().cv.pageSize as string;

describe('PUT /api/curriculum-vitae/page-size', () => {
  it('is A4 for a new CV and keeps Letter once chosen, in the record and the one-request CV', async () => {
    const me = await loginAs(t);
    expect((await call(me, 'GET', '/api/curriculum-vitae')).json().pageSize).toBe('A4');
    expect(await storedSize(me)).toBe('A4');

    const saved = await setSize(me, { pageSize: 'Letter' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ pageSize: 'Letter', template: 'template01' });
    expect(await storedSize(me)).toBe('Letter');
    expect((await call(me, 'GET', '/api/curriculum-vitae')).json().pageSize).toBe('Letter');

    // Another user's CV is not touched.
    const other = await loginAs(t);
    expect(await storedSize(other)).toBe('A4');

    expect((await setSize(me, { pageSize: 'A4' })).json().pageSize).toBe('A4');
    expect(await storedSize(me)).toBe('A4');
  });

  it('refuses anything but A4 or Letter with 400 and changes nothing', async () => {
    const me = await loginAs(t);
    await setSize(me, { pageSize: 'Letter' });
    for (const body of [
      { pageSize: 'a4' },
      { pageSize: 'Legal' },
      { pageSize: '' },
      { pageSize: 4 },
      { pageSize: null },
      {},
    ]) {
      const res = await setSize(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors.pageSize).toBe(PAGE_SIZE_MESSAGE);
    }
    expect(await storedSize(me)).toBe('Letter');
  });

  it('answers 401 without a session', async () => {
    const res = await setSize(null, { pageSize: 'Letter' });
    expect(res.statusCode).toBe(401);
  });

  it('the last of parallel choices wins cleanly: the stored value is one of those sent', async () => {
    const me = await loginAs(t);
    const sizes = ['Letter', 'A4', 'Letter', 'A4', 'Letter', 'Letter'];
    const answers = await Promise.all(sizes.map((pageSize) => setSize(me, { pageSize })));
    expect(answers.map((a) => a.statusCode)).toEqual(sizes.map(() => 200));
    expect(['A4', 'Letter']).toContain(await storedSize(me));
  });

  it("the owner's PDF download is on the CV's paper unless the call names one", async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', { fullName: 'Naledi Khumalo' });
    asked.length = 0;
    expect((await call(me, 'GET', '/api/curriculum-vitae/pdf')).statusCode).toBe(200);
    await setSize(me, { pageSize: 'Letter' });
    expect((await call(me, 'GET', '/api/curriculum-vitae/pdf')).statusCode).toBe(200);
    expect((await call(me, 'GET', '/api/curriculum-vitae/pdf?paper=a4')).statusCode).toBe(200);
    expect(asked.map((a) => a.paper)).toEqual(['a4', 'letter', 'a4']);
  });
});
