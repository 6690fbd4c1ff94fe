import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_INFO_MESSAGES,
  EMPLOYMENT_HISTORY_MESSAGES,
  PERSONAL_INFO_MESSAGES,
  REFERENCE_MESSAGES,
  SECTIONS,
  SECTION_KEYS,
  type SectionKey,
} from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';

type Values = Record<string, unknown>;

let t: TestApp;
const published: { userId: string; dataType: string }[] = [];
/**
 * A few users shared by the whole file (sections live in separate tables, so one
 * user per role is enough); login is rate limited per IP at 30 per 15 minutes.
 */
let me: Who;
let other: Who;
beforeAll(async () => {
  t = await buildTestApp();
  t.events.subscribe('section.changed', (p) => published.push(p));
  me = await loginAs(t, { fullName: 'Account Name' });
  other = await loginAs(t);
});
afterAll(() => t.close());

const call = callAs(() => t);

const sample = (key: SectionKey) => ({ ...(SECTIONS[key].sample[0] as Values) });
/** The entity as the schema stores it (trimmed, defaults filled). */
const stored = (key: SectionKey, v: Values) => SECTIONS[key].schema.parse(v) as Values;
const list = async (who: Who, key: SectionKey) =>
  (await call(who, 'GET', `/api/${key}`)).json().data as (Values & { _id: string })[];

/** One valid change per section, used by the edit tests. */
const EDITS: Record<SectionKey, Values> = {
  'personal-info': { fullName: 'Thandi M. Mokoena' },
  'contact-info': { city: 'Johannesburg' },
  'personal-summary': { content: 'A new summary of at least ten characters.' },
  experience: { title: 'Mentor' },
  'secondary-education': { schoolName: 'Durban High School' },
  'tertiary-education': { certificationType: 'BCom Honours' },
  skill: { proficiency: 2 },
  language: { speak: 1 },
  reference: { position: 'CTO' },
  interest: { interest: 'Cycling' },
  attribute: { attribute: 'Curious' },
  'employment-history': { position: 'Team Lead' },
};

describe.each(SECTION_KEYS)('/api/%s', (key) => {
  it('answers 401 to an anonymous caller on every call', async () => {
    for (const [method, url] of [
      ['GET', `/api/${key}`],
      ['GET', `/api/${key}/sample`],
      ['GET', `/api/${key}/status`],
      ['POST', `/api/${key}`],
      ['PATCH', `/api/${key}/abc`],
      ['DELETE', `/api/${key}/abc`],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? sample(key) : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'You must be logged in.' });
    }
  });

  it('serves sample entries with _id and lastUpdate', async () => {
    const res = await call(me, 'GET', `/api/${key}/sample`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Values[];
    expect(data.length).toBe(SECTIONS[key].sample.length);
    expect(data[0]).toMatchObject({ ...sample(key), _id: expect.any(String) });
    expect(Date.parse(String(data[0]?.lastUpdate))).not.toBeNaN();
  });

  it('creates, lists, edits (both shapes), reports status and deletes', async () => {
    expect(await list(me, key)).toEqual([]);
    const before = published.length;

    const created = await call(me, 'POST', `/api/${key}`, { ...sample(key), junk: 'ignored' });
    expect(created.statusCode).toBe(201);
    const [entry] = created.json().data as (Values & { _id: string })[];
    expect(entry).toEqual({
      ...stored(key, sample(key)),
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      lastUpdate: expect.any(String),
    });
    expect(await list(me, key)).toEqual([entry]);
    expect(published.slice(before)).toEqual([{ userId: me.userId, dataType: key }]);

    const status = (await call(me, 'GET', `/api/${key}/status`)).json();
    expect(status.status).toBeGreaterThan(0);

    const edited = await call(me, 'PATCH', `/api/${key}/${entry!._id}`, EDITS[key]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual([
      {
        ...entry,
        ...stored(key, { ...sample(key), ...EDITS[key] }),
        lastUpdate: expect.any(String),
      },
    ]);

    const wrapped = await call(me, 'PATCH', `/api/${key}/${entry!._id}`, {
      formValues: sample(key),
    });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json().data[0]).toMatchObject(stored(key, sample(key)));

    const deleted = await call(me, 'DELETE', `/api/${key}/${entry!._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: [] });
    expect((await call(me, 'GET', `/api/${key}/status`)).json()).toEqual({ status: 0 });
    expect(published.slice(before).length).toBe(4);
    expect(published.slice(before).every((p) => p.dataType === key)).toBe(true);
  });

  it("keeps another user's entry invisible and unchangeable (404)", async () => {
    const res = await call(other, 'POST', `/api/${key}`, sample(key));
    const theirs = (res.json().data as { _id: string }[])[0]!;
    expect(await list(me, key)).toEqual([]);

    const edit = await call(me, 'PATCH', `/api/${key}/${theirs._id}`, EDITS[key]);
    expect(edit.statusCode).toBe(404);
    const del = await call(me, 'DELETE', `/api/${key}/${theirs._id}`);
    expect(del.statusCode).toBe(404);
    expect(await list(other, key)).toEqual([theirs]);
    expect((await call(me, 'GET', `/api/${key}/status`)).json()).toEqual({ status: 0 });
  });
});

const long = (n: number) => 'x'.repeat(n);

/** Each message of docs/product/builder.md#validation, on create from a valid sample. */
/** [section, field, bad value, message, other fields the case needs]. */
const INVALID: [SectionKey, string, unknown, string, Values?][] = [
  ['personal-info', 'fullName', '', 'Full name is required'],
  ['personal-info', 'fullName', long(31), 'Full name must be 30 characters or less'],
  ['personal-info', 'idNumber', long(14), 'ID number must be 13 characters or less'],
  ['personal-info', 'ppNumber', long(21), 'Passport number must be 20 characters or less'],
  ['personal-info', 'licenseCode', long(11), 'Licence code must be 10 characters or less'],
  ['contact-info', 'email', '', 'Email is required'],
  ['contact-info', 'email', 'nope', 'Please enter a valid email address'],
  ['contact-info', 'email', `${long(95)}@a.com`, 'Email must be 100 characters or less'],
  ['contact-info', 'phone', '', 'Phone number is required'],
  ['contact-info', 'phone', long(21), 'Phone number must be 20 characters or less'],
  ['contact-info', 'phone', 'abc-not-a-phone', CONTACT_INFO_MESSAGES.phoneInvalid],
  ['contact-info', 'website', 'not a url', CONTACT_INFO_MESSAGES.websiteInvalid],
  ['contact-info', 'linkedin', 'javascript:alert(1)', CONTACT_INFO_MESSAGES.linkedinInvalid],
  ['personal-info', 'dateOfBirth', '2030-01-01', PERSONAL_INFO_MESSAGES.dateOfBirthFuture],
  ['contact-info', 'address', long(201), 'Address must be 200 characters or less'],
  ['contact-info', 'city', long(51), 'City must be 50 characters or less'],
  ['contact-info', 'postalCode', long(11), 'Postal code must be 10 characters or less'],
  ['personal-summary', 'content', '', 'Personal summary is required'],
  ['personal-summary', 'content', long(1001), 'Personal summary must be 1000 characters or less'],
  ['experience', 'title', '', 'Experience title is required'],
  ['experience', 'title', long(101), 'Experience title must be 100 characters or less'],
  ['experience', 'description', long(1001), 'Description must be 1000 characters or less'],
  ['experience', 'endDate', '2000-01', 'End date cannot be before start date'],
  ['secondary-education', 'schoolName', '', 'School name is required'],
  ['secondary-education', 'schoolName', long(101), 'School name must be 100 characters or less'],
  ['secondary-education', 'startYear', '', 'Start year is required'],
  ['secondary-education', 'endYear', '', 'End year is required'],
  ['secondary-education', 'startYear', '08', 'Start year must be a year, such as 2010'],
  ['secondary-education', 'startYear', '20x5', 'Start year must be a year, such as 2010'],
  ['secondary-education', 'endYear', '2001', 'End year cannot be before start year'],
  [
    'secondary-education',
    'additionalInfo',
    long(501),
    'Additional info must be 500 characters or less',
  ],
  [
    'secondary-education',
    'subjects',
    Array.from({ length: 30 }, (_, i) => ({ subject: 'Subject', key: `k${i}` })),
    'Subjects must be 200 characters or less',
  ],
  ['tertiary-education', 'instituteName', '', 'Institute name is required'],
  [
    'tertiary-education',
    'instituteName',
    long(101),
    'Institute name must be 100 characters or less',
  ],
  ['tertiary-education', 'startDate', '', 'Start date is required'],
  ['tertiary-education', 'endDate', '', 'End date is required'],
  ['tertiary-education', 'endDate', '2010-01', 'End date cannot be before start date'],
  [
    'tertiary-education',
    'certificationType',
    long(101),
    'Certification type must be 100 characters or less',
  ],
  ['tertiary-education', 'description', long(501), 'Description must be 500 characters or less'],
  [
    'tertiary-education',
    'additionalInfo',
    long(501),
    'Additional info must be 500 characters or less',
  ],
  ['skill', 'skill', '', 'Skill is required'],
  ['skill', 'skill', long(101), 'Skill must be 100 characters or less'],
  ['skill', 'proficiency', -1, 'Proficiency must be between 1 and 5'],
  ['skill', 'proficiency', 6, 'Proficiency must be between 1 and 5'],
  ['language', 'language', '', 'Language is required'],
  ['language', 'language', long(51), 'Language must be 50 characters or less'],
  ['language', 'read', -1, 'Reading proficiency must be between 1 and 5'],
  ['language', 'write', 6, 'Writing proficiency must be between 1 and 5'],
  ['language', 'speak', 9, 'Speaking proficiency must be between 1 and 5'],
  ['reference', 'name', '', 'Name is required'],
  ['reference', 'name', long(101), 'Name must be 100 characters or less'],
  ['reference', 'company', '', 'Company is required'],
  ['reference', 'company', long(101), 'Company must be 100 characters or less'],
  ['reference', 'phone', '', 'Phone number is required'],
  ['reference', 'phone', long(21), 'Phone number must be 20 characters or less'],
  ['reference', 'phone', 'call me', REFERENCE_MESSAGES.phoneInvalid],
  ['reference', 'email', 'not-an-email', 'Please enter a valid email address'],
  ['reference', 'email', `${long(95)}@a.com`, 'Email must be 100 characters or less'],
  ['interest', 'interest', '', 'Interest is required'],
  ['interest', 'interest', long(101), 'Interest must be 100 characters or less'],
  ['attribute', 'attribute', '', 'Attribute is required'],
  ['attribute', 'attribute', long(51), 'Attribute must be 50 characters or less'],
  ['employment-history', 'company', '', 'Company is required'],
  ['employment-history', 'company', long(101), 'Company must be 100 characters or less'],
  ['employment-history', 'position', '', 'Position is required'],
  ['employment-history', 'position', long(101), 'Position must be 100 characters or less'],
  ['employment-history', 'startDate', '', 'Start date is required'],
  ['employment-history', 'endDate', '2001-01', 'End date cannot be before start date'],
  [
    'employment-history',
    'startDate',
    `${new Date().getFullYear() + 5}-05`,
    EMPLOYMENT_HISTORY_MESSAGES.currentStartsInFuture,
    { current: true },
  ],
  ['employment-history', 'description', long(1001), 'Description must be 1000 characters or less'],
];

describe('validation (docs/product/builder.md#validation): 400 with the message per field, nothing stored', () => {
  it.each(INVALID)('%s.%s = %j -> "%s"', async (key, field, value, message, extra = {}) => {
    const body = { ...sample(key), ...extra, [field]: value };
    const res = await call(me, 'POST', `/api/${key}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
    expect(typeof res.json().error).toBe('string');
    expect(await list(me, key)).toEqual([]);
  });

  it('validates edits too and keeps the stored entry', async () => {
    const res = await call(me, 'POST', '/api/experience', sample('experience'));
    const entry = res.json().data[0];
    const bad = await call(me, 'PATCH', `/api/experience/${entry._id}`, {
      formValues: { title: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Experience title is required',
      fieldErrors: { title: 'Experience title is required' },
    });
    expect(await list(me, 'experience')).toEqual([entry]);
    await call(me, 'DELETE', `/api/experience/${entry._id}`);
  });

  it('reports every missing required field of an empty body', async () => {
    const res = await call(me, 'POST', '/api/tertiary-education', {});
    expect(res.json().fieldErrors).toEqual({
      instituteName: 'Institute name is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
  });
});

describe('section specifics', () => {
  it('single-record sections: a second POST updates the one record', async () => {
    const first = await call(me, 'POST', '/api/contact-info', sample('contact-info'));
    const id = first.json().data[0]._id;
    const second = await call(me, 'POST', '/api/contact-info', {
      ...sample('contact-info'),
      city: 'Cape Town',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual([expect.objectContaining({ _id: id, city: 'Cape Town' })]);
    expect((await call(me, 'GET', '/api/contact-info/status')).json()).toEqual({ status: 100 });
  });

  it('personal summary: PATCH with content only; status is its length', async () => {
    const res = await call(me, 'POST', '/api/personal-summary', { content: 'Short one' });
    const id = res.json().data[0]._id;
    expect((await call(me, 'GET', '/api/personal-summary/status')).json()).toEqual({ status: 9 });
    const edit = await call(me, 'PATCH', `/api/personal-summary/${id}`, {
      content: '  Ten chars!  ',
    });
    expect(edit.json().data).toEqual([
      { _id: id, lastUpdate: expect.any(String), content: 'Ten chars!' },
    ]);
    expect((await call(me, 'GET', '/api/personal-summary/status')).json()).toEqual({ status: 10 });
  });

  it('personal info: percentage status and the view heading', async () => {
    const before = await call(me, 'GET', '/api/personal-info/view-heading');
    expect(before.json()).toEqual({ fullName: 'Account Name' });
    await call(me, 'POST', '/api/personal-info', {
      fullName: 'Sipho Ndlovu',
      saCitizen: true,
      driversLicense: false,
      licenseCode: 'B',
    });
    const [info] = await list(me, 'personal-info');
    expect(info).toMatchObject({ fullName: 'Sipho Ndlovu', licenseCode: '', gender: '' });
    expect((await call(me, 'GET', '/api/personal-info/status')).json()).toEqual({ status: 25 });
    expect((await call(me, 'GET', '/api/personal-info/view-heading')).json()).toEqual({
      fullName: 'Sipho Ndlovu',
    });
    expect((await call(me, 'GET', '/api/personal-info/view-heading-sample')).json()).toEqual({
      fullName: 'Thandi Mokoena',
      title: 'Software Developer',
    });
    expect((await call(null, 'GET', '/api/personal-info/view-heading')).statusCode).toBe(401);
  });

  it('personal info: the headline is optional, round-trips, edits and is capped at 100', async () => {
    const post = (body: Values) => call(me, 'POST', '/api/personal-info', body);
    expect((await post({ fullName: 'Sipho Ndlovu' })).json().data[0]).toMatchObject({
      headline: '',
    });
    const saved = await post({ fullName: 'Sipho Ndlovu', headline: ' Senior Software Engineer ' });
    const [info] = saved.json().data as Values[];
    expect(info).toMatchObject({ headline: 'Senior Software Engineer' });
    const edit = await call(me, 'PATCH', `/api/personal-info/${String(info!._id)}`, {
      headline: 'Engineering Manager',
    });
    expect(edit.statusCode).toBe(200);
    expect(await list(me, 'personal-info')).toMatchObject([
      { fullName: 'Sipho Ndlovu', headline: 'Engineering Manager' },
    ]);
    const long = await post({ fullName: 'Sipho Ndlovu', headline: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.headline).toBe('Headline must be 100 characters or less');
    expect((await post({ fullName: 'Sipho Ndlovu', headline: 'a\nb' })).statusCode).toBe(400);
    expect(await list(me, 'personal-info')).toMatchObject([{ headline: 'Engineering Manager' }]);
  });

  it('lists keep creation order, newest last; counts drive the status', async () => {
    for (const skill of ['Go', 'Rust', 'SQL']) {
      await call(me, 'POST', '/api/skill', { skill, proficiency: '3' });
    }
    expect((await list(me, 'skill')).map((s) => s.skill)).toEqual(['Go', 'Rust', 'SQL']);
    expect((await call(me, 'GET', '/api/skill/status')).json()).toEqual({ status: 3 });
  });

  it('employment: current clears the end date', async () => {
    const res = await call(me, 'POST', '/api/employment-history', {
      company: 'Acme',
      position: 'Dev',
      startDate: '2020-01',
      endDate: '2019-01',
      current: true,
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data[0];
    expect(entry).toMatchObject({ current: true, endDate: '' });
    const edit = await call(me, 'PATCH', `/api/employment-history/${entry._id}`, {
      current: false,
      endDate: '2022-03',
    });
    expect(edit.json().data[0]).toMatchObject({ current: false, endDate: '2022-03' });
  });

  it('employment: location is optional, round-trips, edits and is capped at 100', async () => {
    const base = { company: 'Location Co', position: 'Dev', startDate: '2020-01' };
    const created = async (body: Values) =>
      ((await call(me, 'POST', '/api/employment-history', body)).json().data as Values[]).at(-1)!;
    expect(await created(base)).toMatchObject({ location: '' });
    const entry = await created({ ...base, location: '  Cape Town, South Africa ' });
    expect(entry).toMatchObject({ location: 'Cape Town, South Africa' });
    const edit = await call(me, 'PATCH', `/api/employment-history/${String(entry._id)}`, {
      location: 'Durban, South Africa',
    });
    expect(edit.statusCode).toBe(200);
    const listed = (await list(me, 'employment-history')).find((e) => e._id === entry._id);
    expect(listed).toMatchObject({ location: 'Durban, South Africa' });
    const long = await call(me, 'POST', '/api/employment-history', {
      ...base,
      location: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.location).toBe('Location must be 100 characters or less');
    const ctrl = await call(me, 'POST', '/api/employment-history', { ...base, location: 'a\nb' });
    expect(ctrl.statusCode).toBe(400);
    for (const e of await list(me, 'employment-history')) {
      if (e.company === base.company) await call(me, 'DELETE', `/api/employment-history/${e._id}`);
    }
  });

  it('secondary education keeps subjects as [{subject, key}]', async () => {
    const subjects = [
      { subject: 'Maths', key: 'a1' },
      { subject: 'Biology', key: 'b2' },
    ];
    const res = await call(me, 'POST', '/api/secondary-education', {
      ...sample('secondary-education'),
      subjects,
    });
    expect(res.json().data[0].subjects).toEqual(subjects);
  });

  it('caps a list section at 50 entries', async () => {
    const who = await loginAs(t);
    for (let i = 0; i < 50; i++) {
      const res = await call(who, 'POST', '/api/attribute', { attribute: `Trait ${i}` });
      expect(res.statusCode).toBe(201);
    }
    const res = await call(who, 'POST', '/api/attribute', { attribute: 'One too many' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('You can add at most 50 entries to this section.');
    expect((await call(who, 'GET', '/api/attribute/status')).json()).toEqual({ status: 50 });
  });

  it('unknown ids answer 404', async () => {
    const res = await call(me, 'PATCH', '/api/skill/000000000000000000000000', { skill: 'x' });
    expect(res.statusCode).toBe(404);
    expect((await call(me, 'DELETE', '/api/skill/nope')).statusCode).toBe(404);
  });
});

describe.each([
  ['interest', 'interests', 'This interest already exists'],
  ['attribute', 'attributes', 'This attribute already exists'],
] as const)('%s: whole-list create and duplicates', (key, listKey, message) => {
  const field = key;

  it('creates from a single item and from the whole list (existing + new)', async () => {
    const one = await call(me, 'POST', `/api/${key}`, { [field]: 'Chess' });
    expect(one.statusCode).toBe(201);
    const existing = one.json().data;
    const whole = await call(me, 'POST', `/api/${key}`, {
      [listKey]: [...existing, { [field]: 'Hiking' }],
    });
    expect(whole.statusCode).toBe(201);
    expect(whole.json().data.map((e: Values) => e[field])).toEqual(['Chess', 'Hiking']);
    // The same list without ids: existing texts are matched, only the new one is added.
    const plain = await call(me, 'POST', `/api/${key}`, {
      [listKey]: [{ [field]: 'Chess' }, { [field]: 'Hiking' }, { [field]: 'Reading' }],
    });
    expect(plain.json().data.map((e: Values) => e[field])).toEqual(['Chess', 'Hiking', 'Reading']);
  });

  it.each(['chess', 'CHESS', ' Chess '])('refuses "%s" (any case) on create', async (text) => {
    const single = await call(me, 'POST', `/api/${key}`, { [field]: text });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toEqual({ error: message, fieldErrors: { [field]: message } });
    const existing = (await list(me, key)).map(({ _id, ...rest }) => ({ _id, ...rest }));
    const whole = await call(me, 'POST', `/api/${key}`, {
      [listKey]: [...existing, { [field]: text }],
    });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().error).toBe(message);
    expect(await list(me, key)).toHaveLength(3);
  });

  it('refuses an exact repeat sent as the whole list without ids', async () => {
    const res = await call(me, 'POST', `/api/${key}`, {
      [listKey]: [
        { [field]: 'Chess' },
        { [field]: 'Hiking' },
        { [field]: 'Reading' },
        { [field]: 'Chess' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("refuses a duplicate on edit against the user's other entries only", async () => {
    const [chess, hiking] = await list(me, key);
    const dup = await call(me, 'PATCH', `/api/${key}/${hiking!._id}`, { [field]: 'cHeSs' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors).toEqual({ [field]: message });
    const recase = await call(me, 'PATCH', `/api/${key}/${chess!._id}`, {
      formValues: { [field]: 'CHESS' },
    });
    expect(recase.statusCode).toBe(200);
    expect(recase.json().data[0][field]).toBe('CHESS');
  });

  it("does not count another user's entries as duplicates", async () => {
    const res = await call(other, 'POST', `/api/${key}`, { [field]: 'Chess' });
    expect(res.statusCode).toBe(201);
  });
});
