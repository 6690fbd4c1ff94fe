import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SECTIONS, SECTION_KEYS, UNSUPPORTED_CHARACTERS, isMultiLineText } from '@vitae/core';
import { TOO_DEEP } from '../plugins/input-guard.ts';
import { buildTestApp, loginAs, testDbKind } from './build-test-app.ts';
import { routesOf, type Route } from './route-tree.ts';

/*
 * Bad input, end to end on the real app and database: first the cases a hostile visitor
 * found (each answered 500 on PostgreSQL or stored a NUL on SQLite), then generated junk
 * thrown at every route the app registers. The rule: never a 5xx, never a control character
 * in the database. FUZZ_RUNS raises the runs per route (default 20); FUZZ_SEED replays a
 * failure (fast-check prints the seed and path of a counterexample).
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 20;
const SEED = Number(process.env.FUZZ_SEED) || 20_251_112;

/** The last error the app logged, so a 5xx reports its stack, not just its status. */
const errorLogs: string[] = [];
const logStream = {
  write(line: string) {
    if ((JSON.parse(line) as { level: number }).level >= 50) errorLogs.push(line);
  },
};

const t = await buildTestApp({ logStream });
afterAll(() => t.close());

type Who = 'user' | 'hr' | 'anon';
const user = await loginAs(t, { fullName: 'Fuzz Seeker' });
const hr = await loginAs(t, { fullName: 'Fuzz Recruiter', isHr: true });
const cookieOf = (who: Who) =>
  who === 'user' ? { cookie: user.cookie } : who === 'hr' ? { cookie: hr.cookie } : {};

/** Every 24-hex id the setup saw: path parameters pick from these to reach real rows. */
const knownIds = new Set<string>();

async function call(
  who: Who,
  method: string,
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...cookieOf(who),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  for (const id of res.body.match(/\b[0-9a-f]{24}\b/g) ?? []) knownIds.add(id);
  return res;
}

async function ok(who: Who, method: string, url: string, payload?: unknown) {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

// A CV with every section, a notification, a listing the HR user saved with a note, a share.
for (const key of SECTION_KEYS) {
  await ok('user', 'POST', SECTIONS[key].apiPath, SECTIONS[key].sample[0]);
}
const cvId = String((await ok('user', 'POST', '/api/curriculum-vitae'))._id);
await ok('user', 'POST', '/dev/notifications', { title: 'Hello', message: 'A first one' });
await ok('user', 'POST', '/api/public-cv/toggle');
const listingId = (await ok('hr', 'GET', '/api/public-cv/browse')).data as Array<{ _id: string }>;
const savedId = String(
  ((await ok('hr', 'POST', `/api/public-cv/save/${listingId[0]!._id}`)).data as { _id: string })
    ._id,
);
await ok('hr', 'PUT', `/hr/saved-cv/${savedId}/notes`, { content: 'Strong candidate' });
const shareBody = {
  curriculumVitaeID: cvId,
  subject: 'My CV',
  message: 'Dear Hiring Manager,\n\tplease find my CV.',
  recipients: [{ email: 'boss@example.com' }],
};
await ok('user', 'POST', '/api/share-cv', shareBody);

const unsupported = (field: string) => ({
  error: UNSUPPORTED_CHARACTERS,
  fieldErrors: { [field]: UNSUPPORTED_CHARACTERS },
});

describe('control characters are refused with a 400 naming the field', () => {
  const register = (over: Record<string, unknown>) => ({
    fullName: 'Nul Person',
    email: `nul-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret123',
    password2: 'secret123',
    ...over,
  });
  // [what, who sends it, "METHOD url", body, the field the answer must name]
  // prettier-ignore
  const cases: Array<[string, Who, string, unknown, string]> = [
    ['NUL in a full name', 'anon', 'POST /auth/user/register', register({ fullName: 'A\u0000B' }), 'fullName'],
    ['NUL in an affiliate code', 'anon', 'POST /auth/user/register', register({ affiliatceIntroCode: 'X\u0000' }), 'affiliatceIntroCode'],
    ['NUL in a browse search', 'hr', 'GET /api/public-cv/browse?search=%00', undefined, 'search'],
    ['NUL as a saved CV id', 'hr', 'GET /hr/saved-cv/%00', undefined, 'id'],
    ['NUL as a note id', 'hr', `DELETE /hr/saved-cv/${savedId}/notes/a%00`, undefined, 'noteId'],
    ['NUL as a notification id', 'user', 'DELETE /api/notifications/%00', undefined, 'id'],
    ['NUL as a section entry id', 'user', 'PATCH /api/skill/%00', { skill: 'Go' }, 'id'],
    ['NUL in an HR note', 'hr', `PUT /hr/saved-cv/${savedId}/notes`, { content: 'ok\u0000' }, 'content'],
    ['NUL in a share message', 'user', 'POST /api/share-cv', { ...shareBody, message: 'Hi\u0000' }, 'message'],
    ['NUL in a recipient address', 'user', 'POST /api/share-cv', { ...shareBody, recipients: [{ email: 'a\u0000b@example.com' }] }, 'recipients'],
    ['NUL in a personal info name', 'user', 'POST /api/personal-info', { ...SECTIONS['personal-info'].sample[0], fullName: 'Th\u0000andi' }, 'fullName'],
    ['a bell in a wrapped description', 'user', 'POST /api/experience', { formValues: { title: 'Dev', description: 'ding\u0007' } }, 'description'],
    ['a lone surrogate in a skill', 'user', 'POST /api/skill', '{"skill":"a\\ud800","proficiency":3}', 'skill'],
    ['a lone low surrogate in a photo title', 'user', 'PATCH /api/photo/0123456789abcdef01234567', { title: '\udc00x' }, 'title'],
    ['DEL in an interest', 'user', 'POST /api/interest', { interest: 'Chess\u007f' }, 'interest'],
    ['a C1 control in an attribute', 'user', 'POST /api/attribute', { attribute: 'Calm\u0085' }, 'attribute'],
    ['U+FFFE in a reference name', 'user', 'POST /api/reference', { name: '\ufffe', company: 'Co', phone: '011 555 0123' }, 'name'],
    ['a tab in a one-line field', 'user', 'POST /api/interest', { interest: 'Chess\tClub' }, 'interest'],
    ['NUL in a media query', 'anon', 'GET /media/file/abc?exp=1&sig=%00', undefined, 'sig'],
  ];
  it.each(cases)('%s', async (_what, who, request, body, field) => {
    const [method, url] = request.split(' ') as [string, string];
    const res = await call(who, method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unsupported(field));
  });

  it('keeps tab and newlines in multi-line fields, and trims a one-line paste', async () => {
    const description = 'Line one\n\tLine two\r\nLine three';
    await ok('user', 'POST', '/api/experience', { title: 'Tabbed', description });
    const added = await ok('user', 'POST', '/api/interest', { interest: 'Pasted interest\n' });
    const experiences = (await ok('user', 'GET', '/api/experience')).data as Array<
      Record<string, string>
    >;
    expect(experiences.find((e) => e.title === 'Tabbed')?.description).toBe(description);
    expect((added.data as Array<{ interest: string }>).map((i) => i.interest)).toContain(
      'Pasted interest',
    );
    const note = await call('hr', 'PUT', `/hr/saved-cv/${savedId}/notes`, { content: 'a\n\tb' });
    expect(note.statusCode).toBe(200);
  });

  it('keeps every other message of the product when both apply to different fields', async () => {
    const res = await call(
      'anon',
      'POST',
      '/auth/user/register',
      register({ fullName: 'A\u0000', email: 'nope' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      fullName: UNSUPPORTED_CHARACTERS,
      email: 'Please enter a valid email address',
    });
  });

  it('refuses a field no schema names (the guard under the schemas)', async () => {
    const res = await call('user', 'POST', '/api/skill', {
      skill: 'Go',
      proficiency: 3,
      extra: '\u0000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unsupported('extra'));
    const skills = (await ok('user', 'GET', '/api/skill')).data as Array<{ skill: string }>;
    expect(skills.map((x) => x.skill)).not.toContain('Go');
  });

  it('stores a User-Agent header without the C1 bytes a header may carry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: user.cookie, 'user-agent': 'Fuzz\u0085Agent/1.0' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db
      .selectFrom('devices')
      .select('user_agent')
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows.map((r) => r.user_agent)).toContain('FuzzAgent/1.0');
  });

  it('refuses a body nested deeper than any form', async () => {
    // 5,000 deep fits the route's 16 KB limit and is past what JSON.stringify can walk.
    const deep = `{"error":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const res = await call('anon', 'POST', '/error', deep);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: TOO_DEEP, fieldErrors: { error: TOO_DEEP } });
  });
});

// ---------------------------------------------------------------------------------------------
// Generated junk against every route.

/** Uploads read multipart bodies (covered by the media tests); their params are still fuzzed. */
const MULTIPART = new Set(['POST /media/:kind/upload', 'POST /api/certificate/photo-upload']);
const routes = routesOf(t.app).filter(
  (r) =>
    !r.path.includes('*') &&
    !r.path.startsWith('/api/docs') &&
    !r.path.startsWith('/dev/outbox') &&
    // Logging out would end the session every other request relies on.
    r.path !== '/auth/user/logout',
);
const isWrite = (r: Route) => r.method !== 'GET';
const hasParams = (r: Route) => r.path.includes('/:');

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string }>;
}
const doc = (
  t.app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }
).swagger();
const openApiOp = (r: Route): OpenApiOperation | undefined =>
  doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];

/** A plausible value for a JSON schema, so one junk field can reach past the others. */
function sampleOf(s: JsonSchema | undefined): unknown {
  if (!s) return undefined;
  if (s.enum) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sampleOf(alt.find((a) => a.type !== 'null') ?? alt[0]);
  switch (s.type) {
    case 'string':
      if (s.pattern?.includes('0-9a-f')) return cvId;
      return s.format === 'email' ? 'someone@example.com' : 'Sample text';
    case 'number':
    case 'integer':
      return s.minimum ?? 3;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleOf(s.items));
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]),
      );
    default:
      return 'Sample text';
  }
}

const CUSTOM_BASES: Record<string, () => unknown> = {
  'POST /auth/user/register': () => ({
    fullName: 'Fuzz Person',
    email: `fuzz-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'secret123',
    password2: 'secret123',
  }),
  'POST /api/share-cv': () => shareBody,
  'POST /api/share-cv/unlock': () => ({ cvId, pin: '123456' }),
  'POST /api/share-cv/track-view': () => ({ curriculumVitaeID: cvId }),
};

/** The body a valid request to `r` would carry, as far as this file can tell. */
function baseBody(r: Route): unknown {
  const section = SECTION_KEYS.find((k) => r.path.startsWith(SECTIONS[k].apiPath));
  if (section && (r.path === SECTIONS[section].apiPath || r.path.endsWith('/:id'))) {
    return { ...(SECTIONS[section].sample[0] as object) };
  }
  const custom = CUSTOM_BASES[`${r.method} ${r.path}`];
  if (custom) return custom();
  return sampleOf(openApiOp(r)?.requestBody?.content?.['application/json']?.schema) ?? {};
}

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '\ufffe',
  '\uffff',
  '\u0085',
  '\u007f',
  '\u001b[31mred',
  '\t',
  '\n',
  '\r\n',
  '\u2028',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '9'.repeat(40),
  '💥🔥👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  'Z\u0334\u0327\u031b\u0316a\u0337l\u0338g\u0337o\u0336',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '0123456789abcdef0123456',
  'sample-skill-1',
];

const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.constantFrom(...[...knownIds].slice(0, 20), cvId) },
  { weight: 1, arbitrary: fc.constantFrom(1_001, 5_000, 70_000).map((n) => 'x'.repeat(n)) },
);

const junkNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    6,
    2 ** 31,
    2 ** 53 + 1,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e308,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const junkKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'formValues', '', '\u0000', 'toString'),
  fc.string({ maxLength: 8 }),
);

const { junkValue } = fc.letrec<{ junkValue: unknown }>((tie) => ({
  junkValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    junkNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('junkValue'), { maxLength: 4 }),
    fc.dictionary(junkKey, tie('junkValue'), { maxKeys: 4 }),
    fc.constantFrom(2_000, 60_000).map((n) => Array.from({ length: n }, (_, i) => `item ${i}`)),
  ),
}));

/** Raw bodies JSON.stringify would never write. */
const rawBody = fc.constantFrom(
  '{"proficiency":1e400,"skill":"x"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"title":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{',
  'null',
  '[]',
  '"just a string"',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"formValues":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
);

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** `base` with each string (at any depth) replaced by the next of `junk`, in turn. */
function replaceStrings(base: unknown, junk: string[]): unknown {
  let i = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return junk[i++ % junk.length];
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(base);
}

function bodyArb(r: Route): fc.Arbitrary<unknown> {
  const base = baseBody(r);
  const keys = isObject(base) ? Object.keys(base) : [];
  const oneField = fc
    .tuple(fc.constantFrom(...keys, '__proto__', 'constructor', 'extra'), junkValue)
    .map(([k, v]) => ({ ...(base as object), [k]: v }));
  const everyString = fc
    .array(junkString, { minLength: 1, maxLength: 6 })
    .map((junk) => replaceStrings(base, junk));
  const body = fc.oneof(
    { weight: 4, arbitrary: oneField },
    { weight: 3, arbitrary: everyString },
    { weight: 2, arbitrary: junkValue },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(base) },
  );
  // Section edits may wrap their values in { formValues }.
  return fc
    .tuple(body, fc.boolean())
    .map(([b, wrap]) =>
      wrap && isObject(b) && r.path.startsWith('/api/') ? { formValues: b } : b,
    );
}

/** A URL component: encoded when it can be, else raw (as a hostile client would send it). */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
};
const rawSegment = fc.constantFrom(
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%E2%80',
  '..',
  '%2F',
  '%00%00',
);
const paramArb = fc.oneof(
  { weight: 3, arbitrary: junkString.filter((s) => s.length < 2_000).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...knownIds, savedId, cvId, 'image', 'raw', 'video') },
  { weight: 1, arbitrary: rawSegment },
);

function queryArb(r: Route): fc.Arbitrary<string> {
  const named = (openApiOp(r)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const pair = fc
    .tuple(
      fc.oneof(fc.constantFrom(...named, 'x', '__proto__'), junkString.map(encode)),
      fc.oneof(paramArb, junkNumber.map(String)),
    )
    .map(([k, v]) => `${k}=${v}`);
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

interface FuzzCase {
  who: Who;
  url: string;
  body: unknown;
}

function caseArb(r: Route): fc.Arbitrary<FuzzCase> {
  const names = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const who = fc.constantFrom<Who>(
    ...(r.path.startsWith('/hr') || r.path.includes('public-cv/')
      ? (['hr', 'hr', 'anon'] as const)
      : []),
    'user',
    'user',
    'hr',
    'anon',
  );
  const params = fc.array(paramArb, { minLength: names.length, maxLength: names.length });
  const body =
    isWrite(r) && !MULTIPART.has(`${r.method} ${r.path}`) ? bodyArb(r) : fc.constant(undefined);
  return fc
    .record({ who, params, query: queryArb(r), body })
    .map(({ who, params, query, body }) => ({
      who,
      url: names.reduce((p, n, i) => p.replace(`:${n}`, params[i]!), r.path) + query,
      body,
    }));
}

const preview = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s && s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
};

describe('generated junk never answers 5xx', () => {
  it('finds the routes in the app', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'DELETE', path: '/hr/saved-cv/:id/notes/:noteId' });
  });

  const fuzzed = routes.filter((r) => isWrite(r) || hasParams(r) || openApiOp(r)?.parameters);
  it.each(fuzzed.map((r, i) => [`${r.method} ${r.path}`, r, i] as const))(
    '%s',
    async (_name, r, i) => {
      await fc.assert(
        fc.asyncProperty(caseArb(r), async (c) => {
          errorLogs.length = 0;
          const res = await call(c.who, r.method, c.url, c.body);
          // The one honest 5xx: this test app has no web build, so it makes no PDFs (nor the
          // screening check, which reads one).
          if (res.statusCode === 503 && /"code":"(pdf|screening)_unavailable"/.test(res.body))
            return;
          if (res.statusCode >= 500) {
            throw new Error(
              `${r.method} ${c.url} as ${c.who} answered ${res.statusCode}\n` +
                `body sent: ${preview(c.body)}\nanswer: ${res.body}\nlog: ${errorLogs.join('\n')}`,
            );
          }
        }),
        { seed: SEED + i, numRuns: RUNS },
      );
    },
    60_000,
  );
});

describe('nothing invalid is stored', () => {
  async function tables(): Promise<string[]> {
    const q =
      testDbKind === 'postgres'
        ? sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`
        : sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%'`;
    return (await q.execute(t.db)).rows.map((r) => r.name);
  }

  /** Strings in a value, including those inside JSON text (JSON escapes hide a NUL). */
  function* stringsIn(v: unknown): Generator<string> {
    if (typeof v !== 'string') return;
    yield v;
    if (!/^\s*[[{]/.test(v)) return;
    try {
      const stack: unknown[] = [JSON.parse(v)];
      while (stack.length) {
        const x = stack.pop();
        if (typeof x === 'string') yield x;
        else if (x && typeof x === 'object') stack.push(...Object.keys(x), ...Object.values(x));
      }
    } catch {
      // Not JSON: the text itself was checked.
    }
  }

  it('holds no control character, noncharacter or broken surrogate in any text column', async () => {
    const found: string[] = [];
    const names = await tables();
    expect(names).toContain('users');
    for (const table of names) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(t.db);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          for (const s of stringsIn(value)) {
            if (!isMultiLineText(s))
              found.push(`${table}.${column}: ${JSON.stringify(s).slice(0, 120)}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
