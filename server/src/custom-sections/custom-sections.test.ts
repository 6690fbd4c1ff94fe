import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ARRANGEMENT_MESSAGES, UNSUPPORTED_CHARACTERS } from '@vitae/core';
import {
  CUSTOM_SECTION_MESSAGES,
  MAX_CUSTOM_ENTRIES,
  MAX_CUSTOM_SECTIONS,
} from '@vitae/core/custom-sections';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';

/** Issue 30: the user's own sections and their entries, on SQLite and PostgreSQL. */
let t: TestApp;
const published: { userId: string; dataType: string }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.events.subscribe('section.changed', (p) => published.push(p));
});
afterAll(() => t.close());

const call = callAs(() => t);

interface SectionOut {
  _id: string;
  title: string;
  kind: string;
  entries: { _id: string; title: string; description: string; startDate: string }[];
}

const list = async (who: Who) =>
  (await call(who, 'GET', '/api/custom-sections')).json<{ data: SectionOut[] }>().data;

async function addSection(who: Who, title = 'Volunteering', kind = 'volunteer') {
  const res = await call(who, 'POST', '/api/custom-sections', { title, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SectionOut[] }>().data.at(-1)!;
}

const entry = (title: string, more: Record<string, unknown> = {}) => ({
  title,
  subtitle: 'Code4Kids',
  place: 'Soweto',
  startDate: '2018-02',
  endDate: '2022-11',
  description: 'Saturday classes',
  ...more,
});

async function count(table: string, userId: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(t.db);
  return Number(rows[0]!.n);
}

describe('custom sections', () => {
  it('adds, renames, re-kinds and deletes a section, announcing each change', async () => {
    const me = await loginAs(t);
    published.length = 0;
    const section = await addSection(me, '  Volunteering  ');
    expect(section).toMatchObject({ title: 'Volunteering', kind: 'volunteer', entries: [] });

    const renamed = await call(me, 'PATCH', `/api/custom-sections/${section._id}`, {
      title: 'Giving back',
      kind: 'other',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data[0]).toMatchObject({ title: 'Giving back', kind: 'other' });

    const removed = await call(me, 'DELETE', `/api/custom-sections/${section._id}`);
    expect(removed.json()).toEqual({ data: [] });
    expect(published).toEqual(
      Array.from({ length: 3 }, () => ({ userId: me.userId, dataType: 'custom-sections' })),
    );
  });

  it('adds, edits, reorders and deletes entries; deleting the section deletes them', async () => {
    const me = await loginAs(t);
    const section = await addSection(me);
    const path = `/api/custom-sections/${section._id}/entries`;
    for (const title of ['First', 'Second', 'Third']) {
      expect((await call(me, 'POST', path, entry(title))).statusCode).toBe(201);
    }
    let [stored] = await list(me);
    expect(stored!.entries.map((e) => e.title)).toEqual(['First', 'Second', 'Third']);

    const [a, b, c] = stored!.entries.map((e) => e._id);
    const edited = await call(me, 'PATCH', `${path}/${b}`, {
      title: 'Second, edited',
      description: '<p>Hi<script>alert(1)</script> <strong>there</strong></p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = await call(me, 'PUT', `${path}/order`, { ids: [c, a, b] });
    expect(order.statusCode, order.body).toBe(200);
    [stored] = await list(me);
    expect(stored!.entries.map((e) => e.title)).toEqual(['Third', 'First', 'Second, edited']);
    // The sent fields replace the stored ones; the rest stay; rich text is sanitised.
    expect(stored!.entries[2]).toMatchObject({
      startDate: '2018-02',
      description: '<p>Hi <strong>there</strong></p>',
    });

    const wrongOrder = await call(me, 'PUT', `${path}/order`, { ids: [a, b] });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().error).toBe(CUSTOM_SECTION_MESSAGES.order);

    expect((await call(me, 'DELETE', `${path}/${a}`)).statusCode).toBe(200);
    expect((await list(me))[0]!.entries.map((e) => e._id)).toEqual([c, b]);
    await call(me, 'DELETE', `/api/custom-sections/${section._id}`);
    expect(await count('custom_section_entries', me.userId)).toBe(0);
  });

  it.each([
    [{ title: '' }, ARRANGEMENT_MESSAGES.title],
    [{ title: 'x'.repeat(41) }, ARRANGEMENT_MESSAGES.title],
    [{ title: 'Two\nlines' }, 'title'],
    [{ title: 'Awards', kind: 'trophies' }, CUSTOM_SECTION_MESSAGES.kind],
    [{}, ARRANGEMENT_MESSAGES.title],
  ])('refuses the section %j with 400 and stores nothing', async (body, message) => {
    const me = await loginAs(t);
    const res = await call(me, 'POST', '/api/custom-sections', body);
    expect(res.statusCode, res.body).toBe(400);
    if (message !== 'title') expect(res.json().error).toBe(message);
    else expect(res.json().fieldErrors).toHaveProperty('title');
    expect(await count('custom_sections', me.userId)).toBe(0);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'Title must be 100 characters or less'],
    [
      { title: 'Ok', startDate: '2020-05', endDate: '2019-01' },
      'End date cannot be before start date',
    ],
    [{ title: 'Ok', description: 'x'.repeat(1001) }, 'Description must be 1000 characters or less'],
    [{ title: 'Nul\u0000' }, UNSUPPORTED_CHARACTERS],
    [{ title: 'Ok', subtitle: 'Two\nlines' }, UNSUPPORTED_CHARACTERS],
  ])('refuses the entry %j with 400 and stores nothing', async (body, message) => {
    const me = await loginAs(t);
    const section = await addSection(me);
    const res = await call(me, 'POST', `/api/custom-sections/${section._id}/entries`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count('custom_section_entries', me.userId)).toBe(0);
  });

  it('an edit that breaks a rule answers 400 and leaves the entry as it was', async () => {
    const me = await loginAs(t);
    const section = await addSection(me);
    await call(me, 'POST', `/api/custom-sections/${section._id}/entries`, entry('Kept'));
    const [stored] = await list(me);
    const id = stored!.entries[0]!._id;
    const res = await call(me, 'PATCH', `/api/custom-sections/${section._id}/entries/${id}`, {
      endDate: '2001-01',
    });
    expect(res.statusCode).toBe(400);
    expect((await list(me))[0]!.entries[0]).toMatchObject({ title: 'Kept', startDate: '2018-02' });
    const rename = await call(me, 'PATCH', `/api/custom-sections/${section._id}`, { title: '' });
    expect(rename.statusCode).toBe(400);
    expect((await list(me))[0]!.title).toBe('Volunteering');
  });

  it(`keeps at most ${MAX_CUSTOM_SECTIONS} sections and ${MAX_CUSTOM_ENTRIES} entries a section`, async () => {
    const me = await loginAs(t);
    for (let i = 0; i < MAX_CUSTOM_SECTIONS; i++) await addSection(me, `Section ${i}`, 'other');
    const over = await call(me, 'POST', '/api/custom-sections', { title: 'One more' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(CUSTOM_SECTION_MESSAGES.tooManySections);

    const [first] = await list(me);
    const path = `/api/custom-sections/${first!._id}/entries`;
    for (let i = 0; i < MAX_CUSTOM_ENTRIES; i++) {
      expect((await call(me, 'POST', path, entry(`Entry ${i}`))).statusCode).toBe(201);
    }
    const tooMany = await call(me, 'POST', path, entry('One more'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(CUSTOM_SECTION_MESSAGES.tooManyEntries);
    expect(await count('custom_sections', me.userId)).toBe(MAX_CUSTOM_SECTIONS);
    expect(await count('custom_section_entries', me.userId)).toBe(MAX_CUSTOM_ENTRIES);
  });

  it("answers 404 for another user's section or entry, changing nothing", async () => {
    const owner = await loginAs(t);
    const other = await loginAs(t);
    const section = await addSection(owner);
    const path = `/api/custom-sections/${section._id}`;
    await call(owner, 'POST', `${path}/entries`, entry('Mine'));
    const entryId = (await list(owner))[0]!.entries[0]!._id;

    const attempts: [string, string, unknown?][] = [
      ['PATCH', path, { title: 'Theirs' }],
      ['DELETE', path],
      ['POST', `${path}/entries`, entry('Theirs')],
      ['PUT', `${path}/entries/order`, { ids: [entryId] }],
      ['PATCH', `${path}/entries/${entryId}`, { title: 'Theirs' }],
      ['DELETE', `${path}/entries/${entryId}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toMatchObject([
      { title: 'Volunteering', entries: [{ title: 'Mine' }] },
    ]);
    expect((await call(null, 'GET', '/api/custom-sections')).statusCode).toBe(401);
  });

  it('the one-request CV carries the sections, their entries and their arrangement keys', async () => {
    const me = await loginAs(t);
    const volunteering = await addSection(me);
    const awards = await addSection(me, 'Awards', 'awards');
    await call(me, 'POST', `/api/custom-sections/${volunteering._id}/entries`, entry('Coach'));
    const arranged = await call(me, 'PUT', '/api/curriculum-vitae/arrangement', {
      order: [`custom:${awards._id}`, `custom:${volunteering._id}`],
      hidden: [`custom:${awards._id}`],
    });
    expect(arranged.statusCode, arranged.body).toBe(200);

    const cv = await call(me, 'GET', '/api/curriculum-vitae/data');
    expect(cv.statusCode, cv.body).toBe(200);
    const data = cv.json().data;
    expect(data.customSections).toEqual([
      {
        _id: volunteering._id,
        title: 'Volunteering',
        kind: 'volunteer',
        entries: [{ _id: expect.any(String), ...entry('Coach') }],
      },
      { _id: awards._id, title: 'Awards', kind: 'awards', entries: [] },
    ]);
    expect(data.arrangement.hidden).toEqual([`custom:${awards._id}`]);

    // A deleted section's keys leave the arrangement the CV reads.
    await call(me, 'DELETE', `/api/custom-sections/${awards._id}`);
    const after = (await call(me, 'GET', '/api/curriculum-vitae/data')).json().data;
    expect(after.arrangement).toMatchObject({ order: [`custom:${volunteering._id}`], hidden: [] });
  });
});
