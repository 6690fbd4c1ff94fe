import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRANGEMENT_MESSAGES, SECTION_KEYS, UNSUPPORTED_CHARACTERS } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { recordingPdfRenderer } from '../test/cv-settings-kit.ts';
import type { Storage } from '../plugins/storage.ts';
import { sharedCvData } from '../sharing/index.ts';

let t: TestApp;
/** What each PDF was asked to draw: the arrangement must reach the print page. */
const { renderer, asked } = recordingPdfRenderer();

beforeAll(async () => {
  t = await buildTestApp({ pdfRenderer: renderer });
});
afterAll(() => t.close());

const call = callAs(() => t);
const arrange = (who: Who | null, body: unknown) =>
  call(who, 'PUT', '/api/curriculum-vitae/arrangement', body);
const stored = async (who: Who) =>
  (await call(who, 'GET', '/api/curriculum-vitae/data')).json().data.arrangement as unknown;

const EMPTY = { order: [], hidden: [], titles: {} };
const MINE = {
  order: [...SECTION_KEYS].reverse(),
  hidden: ['interest', 'secondary-education'],
  titles: { skill: 'What I do', 'employment-history': 'Jobs' },
};

describe('PUT /api/curriculum-vitae/arrangement', () => {
  it('is empty for a new CV; once saved, the one-request CV carries it', async () => {
    const me = await loginAs(t);
    expect(await stored(me)).toEqual(EMPTY);

    const saved = await arrange(me, { ...MINE, titles: { ...MINE.titles, skill: '  What I do ' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ arrangement: MINE });
    expect(await stored(me)).toEqual(MINE);

    // Another user's CV is not touched.
    expect(await stored(await loginAs(t))).toEqual(EMPTY);

    // Replaced whole: a part left out is empty again.
    expect((await arrange(me, { hidden: ['reference'] })).json().arrangement).toEqual({
      ...EMPTY,
      hidden: ['reference'],
    });
    expect(await stored(me)).toEqual({ ...EMPTY, hidden: ['reference'] });
    expect((await arrange(me, {})).statusCode).toBe(200);
    expect(await stored(me)).toEqual(EMPTY);
  });

  it('keeps the data of hidden sections in the API answers', async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/interest', { interest: 'Birding' });
    await arrange(me, { hidden: ['interest'] });
    const { data } = (await call(me, 'GET', '/api/curriculum-vitae/data')).json();
    expect(data.interests).toMatchObject([{ interest: 'Birding' }]);
    expect((await call(me, 'GET', '/api/interest')).json().data).toHaveLength(1);
  });

  it.each([
    [{ order: ['skills'] }, 'order', ARRANGEMENT_MESSAGES.unknownSection],
    [{ order: 'skill' }, 'order', ARRANGEMENT_MESSAGES.unknownSection],
    [{ order: ['skill', 'skill'] }, 'order', ARRANGEMENT_MESSAGES.duplicate],
    [{ order: [...SECTION_KEYS, ...SECTION_KEYS] }, 'order', ARRANGEMENT_MESSAGES.duplicate],
    [{ hidden: ['photo'] }, 'hidden', ARRANGEMENT_MESSAGES.unknownSection],
    [{ hidden: [null] }, 'hidden', ARRANGEMENT_MESSAGES.unknownSection],
    [{ titles: { photo: 'Me' } }, 'titles', ARRANGEMENT_MESSAGES.unknownSection],
    [{ titles: { skill: '' } }, 'titles', ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: ' '.repeat(3) } }, 'titles', ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 'x'.repeat(41) } }, 'titles', ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 'x'.repeat(100_000) } }, 'titles', ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 12 } }, 'titles', ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 'Two\nlines' } }, 'titles', UNSUPPORTED_CHARACTERS],
    [{ titles: { skill: 'Nul \u0000' } }, 'titles', UNSUPPORTED_CHARACTERS],
    [{ titles: { skill: 'C1 \u0085' } }, 'titles', UNSUPPORTED_CHARACTERS],
    [{ titles: 'Skills' }, 'titles', ARRANGEMENT_MESSAGES.unknownSection],
    [{ colour: 'red' }, 'general', ARRANGEMENT_MESSAGES.unknownSection],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const me = await loginAs(t);
    await arrange(me, MINE);
    const res = await arrange(me, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
    expect(await stored(me)).toEqual(MINE);
  });

  it('refuses a body that is not an object with 400', async () => {
    const me = await loginAs(t);
    for (const payload of ['[]', '"x"', 'null']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/curriculum-vitae/arrangement',
        headers: { cookie: me.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await stored(me)).toEqual(EMPTY);
  });

  it('answers 401 without a session', async () => {
    expect((await arrange(null, MINE)).statusCode).toBe(401);
  });

  it('the last of parallel saves wins cleanly: the stored value is one of those sent', async () => {
    const me = await loginAs(t);
    const bodies = SECTION_KEYS.map((key) => ({ order: [key], hidden: [key], titles: {} }));
    const answers = await Promise.all(bodies.map((b) => arrange(me, b)));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    expect(bodies).toContainEqual(await stored(me));
  });

  it("reaches the owner's PDF and the shared viewer's CV", async () => {
    const me = await loginAs(t);
    await call(me, 'POST', '/api/personal-info', { fullName: 'Naledi Khumalo' });
    await arrange(me, MINE);
    asked.length = 0;
    expect((await call(me, 'GET', '/api/curriculum-vitae/pdf')).statusCode).toBe(200);
    expect(asked[0]?.payload.data.arrangement).toEqual(MINE);

    const deps = { db: t.db, storage: {} as Storage, sessionSecret: t.sessionSecret };
    expect((await sharedCvData(deps, me.userId, false)).arrangement).toEqual(MINE);
  });
});
