import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp, callAs, type Who } from '../test/build-test-app.ts';
import { sanitizeRichText } from './rich-text.ts';

/*
 * Issue 17's stored-XSS test: rich text is sanitised on the server against the allow-list,
 * on every write, and nothing outside it reaches any API answer that carries it.
 */

let t: TestApp;
let seeker: Who;
let hr: Who;
beforeAll(async () => {
  t = await buildTestApp();
  seeker = await loginAs(t, { fullName: 'Rich Seeker' });
  hr = await loginAs(t, { fullName: 'Rich Recruiter', isHr: true });
});
afterAll(() => t.close());

const call = callAs(() => t);

/** Every trick, each with visible text around it. */
const ATTACKS = [
  '<script>window.__pwned=1;alert(1)</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<a href="javascript:alert(1)">js link</a>',
  '<a href="java&#x73;cript:alert(1)">encoded js</a>',
  '<a href="&#106;avascript:alert(1)">decimal js</a>',
  '<a href=" JaVaScRiPt:alert(1)">cased js</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<form action="https://evil.example"><input name=x></form>',
  '<div onmouseover="alert(1)">hover</div>',
  '<object data="x"></object><embed src="x">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<a href="https://ok.example" target="_top" onclick="alert(1)" rel="opener">fine link</a>',
].join(' ');

const MALICIOUS = `<p>Led the <strong>team</strong> <b>well</b> <em>and</em> <i>fast</i></p><ul><li>One</li></ul><ol><li>Two</li></ol><p>${ATTACKS}</p>`;

/** What must never appear in an answer. */
const FORBIDDEN = [
  /<script/i,
  /onerror/i,
  /onload/i,
  /onclick/i,
  /onmouseover/i,
  /javascript:/i,
  /java&#x73;cript/i,
  /&#106;avascript/i,
  /vbscript:/i,
  /data:text/i,
  /<svg/i,
  /<iframe/i,
  /<img/i,
  /<math/i,
  /<form/i,
  /<input/i,
  /<object/i,
  /<embed/i,
  /style=/i,
  /target=/i,
  /<div/i,
  /<!--/,
  /"opener"/,
];

function expectClean(body: string, where: string) {
  for (const bad of FORBIDDEN) expect(body, `${where} holds ${bad}`).not.toMatch(bad);
}

describe('sanitizeRichText', () => {
  it('keeps the allow-list, one spelling each, links with forced rel', () => {
    expect(sanitizeRichText('<p>a <b>b</b> <i>c</i> <a href="https://x.example">d</a></p>')).toBe(
      '<p>a <strong>b</strong> <em>c</em> <a href="https://x.example" rel="noopener noreferrer nofollow">d</a></p>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.example">m</a>')).toContain(
      'href="mailto:a@b.example"',
    );
  });

  it('leaves plain text alone, empties markup with no text, and is idempotent', () => {
    expect(sanitizeRichText('Line one\nLine two & <3')).toBe('Line one\nLine two & <3');
    expect(sanitizeRichText('<p></p><ul><li></li></ul>')).toBe('');
    const once = sanitizeRichText(MALICIOUS);
    expectClean(once, 'sanitised value');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('keeps markup as markup, so escaped tags never turn into tags', () => {
    const out = sanitizeRichText('<x></x>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('keeps the line breaks of markup without blocks', () => {
    expect(sanitizeRichText('a <b>x</b>\nline two')).toBe('a <strong>x</strong><br />line two');
  });
});

describe('rich text through the API', () => {
  let cvId: string;

  beforeAll(async () => {
    const info = await call(seeker, 'POST', '/api/personal-info', {
      ...(SECTIONS['personal-info'].sample[0] as Record<string, unknown>),
      fullName: 'Rich Seeker',
    });
    expect(info.statusCode).toBeLessThan(300);
    cvId = (await call(seeker, 'POST', '/api/curriculum-vitae')).json()._id as string;
  });

  it('a section create and edit store only the allow-list', async () => {
    const created = await call(seeker, 'POST', '/api/employment-history', {
      company: 'Acme',
      position: 'Developer',
      startDate: '2020-01',
      description: MALICIOUS,
    });
    expect(created.statusCode, created.body).toBe(201);
    expectClean(created.body, 'create answer');
    const entry = created.json().data[0] as { _id: string; description: string };
    expect(entry.description).toContain('<strong>team</strong>');
    expect(entry.description).toContain('<strong>well</strong>');
    expect(entry.description).toContain('<em>fast</em>');
    expect(entry.description).toContain('<ul><li>One</li></ul>');
    expect(entry.description).toContain('<ol><li>Two</li></ol>');
    expect(entry.description).toContain(
      '<a href="https://ok.example" rel="noopener noreferrer nofollow">fine link</a>',
    );

    const edited = await call(seeker, 'PATCH', `/api/employment-history/${entry._id}`, {
      formValues: { description: `<p>Edited</p>${ATTACKS}` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectClean(edited.body, 'edit answer');
    expectClean((await call(seeker, 'GET', '/api/employment-history')).body, 'section GET');

    // The other rich fields: the summary, experience, tertiary and secondary education.
    for (const [url, body] of [
      ['/api/personal-summary', { content: MALICIOUS }],
      ['/api/experience', { title: 'Mentor', description: MALICIOUS }],
      [
        '/api/tertiary-education',
        {
          instituteName: 'UCT',
          startDate: '2010',
          endDate: '2013',
          description: `<p>${ATTACKS.slice(0, 380)}</p>`,
          additionalInfo: '<img src=x onerror=alert(1)><p>Dean’s list</p>',
        },
      ],
      [
        '/api/secondary-education',
        {
          schoolName: 'Durban High',
          startYear: '2004',
          endYear: '2008',
          additionalInfo: '<p onclick="alert(1)">Head <b>boy</b></p><script>alert(1)</script>',
        },
      ],
    ] as const) {
      const res = await call(seeker, 'POST', url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      expectClean(res.body, url);
      expectClean((await call(seeker, 'GET', url)).body, `GET ${url}`);
    }
    // Nothing unsafe in the rows themselves.
    const rows = await t.db
      .selectFrom('section_employment_history')
      .select('description')
      .where('user_id', '=', seeker.userId)
      .execute();
    for (const r of rows) expectClean(String(r.description), 'stored row');
  });

  it('plain text stays plain text, line breaks and all', async () => {
    const plain = 'Kept the books.\nRan the shop & the till <3';
    const res = await call(seeker, 'POST', '/api/experience', {
      title: 'Treasurer',
      description: plain,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data as { title: string; description: string }[];
    expect(data.find((e) => e.title === 'Treasurer')?.description).toBe(plain);
  });

  it('a required rich field that sanitises to nothing is refused, and nothing stored', async () => {
    const before = (await call(seeker, 'GET', '/api/personal-summary')).body;
    for (const content of [
      '<style>Hello world',
      '<svg>Hello world',
      '<xmp>Hello world',
      '<script>Hello world',
      '<iframe>Hello world',
      '<noembed>Hello world',
      '<select><option>Hello world',
    ]) {
      const res = await call(seeker, 'POST', '/api/personal-summary', { content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json().error).toBe('Personal summary is required');
    }
    expect((await call(seeker, 'GET', '/api/personal-summary')).body).toBe(before);
  });

  it('counts an entity as the one character it shows', async () => {
    const content = `<p>${'a'.repeat(990)}${'&nbsp;'.repeat(9)}b</p>`;
    const res = await call(seeker, 'POST', '/api/employment-history', {
      company: 'Spaces',
      position: 'Writer',
      startDate: '2021-01',
      description: content,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the product’s limit counts visible text: 1000 characters pass, 1001 fail', async () => {
    const markup = (n: number) =>
      `<p><strong>${'a'.repeat(n - 10)}</strong> <em>${'b'.repeat(9)}</em></p>`;
    const ok = await call(seeker, 'POST', '/api/employment-history', {
      company: 'Long',
      position: 'Writer',
      startDate: '2021-01',
      description: markup(1000),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const tooLong = await call(seeker, 'POST', '/api/employment-history', {
      company: 'Longer',
      position: 'Writer',
      startDate: '2021-01',
      description: markup(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('Description must be 1000 characters or less');
    const names = (
      (await call(seeker, 'GET', '/api/employment-history')).json().data as {
        company: string;
      }[]
    ).map((e) => e.company);
    expect(names).toContain('Long');
    expect(names).not.toContain('Longer');
  });

  it('the CV data, JSON Resume export and import carry only sanitised markup', async () => {
    const data = await call(seeker, 'GET', '/api/curriculum-vitae/data');
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('<strong>team</strong>');
    expectClean(data.body, 'CV data');

    const exported = await call(seeker, 'GET', '/api/cv/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('<strong>team</strong>');
    expectClean(exported.body, 'JSON Resume export');

    // A JSON Resume file with markup in it: the preview and the import are sanitised too.
    const other = await loginAs(t);
    const resume = {
      basics: { name: 'Imported Person', summary: MALICIOUS },
      work: [{ name: 'Globex', position: 'Analyst', startDate: '2019-01', summary: MALICIOUS }],
    };
    const preview = await call(other, 'POST', '/api/cv/import?mode=add&dryRun=1', resume);
    expect(preview.statusCode, preview.body).toBe(200);
    expectClean(preview.body, 'import preview');
    const imported = await call(other, 'POST', '/api/cv/import?mode=add', resume);
    expect(imported.statusCode, imported.body).toBe(200);
    expectClean(imported.body, 'import answer');
    const theirs = await call(other, 'GET', '/api/curriculum-vitae/data');
    expect(theirs.body).toContain('<strong>team</strong>');
    expectClean(theirs.body, 'imported CV data');
  });

  it('the shared viewer and the HR saved CV carry only sanitised markup', async () => {
    // Shared by email: the recipient unlocks it with the pin the mail holds.
    const shared = await call(seeker, 'POST', '/api/share-cv', {
      curriculumVitaeID: cvId,
      subject: 'My CV',
      message: 'Please consider my CV.',
      recipients: [{ email: 'rich.viewer@example.com', key: 'r0' }],
      assignedPhotoUrl: null,
      CVTemplate: 'template01',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const mail = (await t.outbox()).find((m) => m.to === 'rich.viewer@example.com');
    const pin = /View pin: (\d{6})/.exec(mail?.text ?? '')?.[1];
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/unlock',
      payload: { cvId, shareId: shared.json().data._id, pin },
      remoteAddress: '10.201.0.7',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.body).toContain('<strong>team</strong>');
    expectClean(unlocked.body, 'shared viewer data');

    // Listed publicly and saved by an HR user.
    expect((await call(seeker, 'POST', '/api/public-cv/toggle')).statusCode).toBeLessThan(300);
    const browse = await call(hr, 'GET', '/api/public-cv/browse');
    expectClean(browse.body, 'HR browse');
    const item = (browse.json().data as { _id: string; fullName: string; summary?: string }[]).find(
      (d) => d.fullName === 'Rich Seeker',
    );
    expect(item).toBeDefined();
    // The browse card's excerpt is the summary's visible text, not its markup.
    expect(browse.body).not.toContain('<strong>');
    expect(browse.body).toContain('Led the team well and fast');
    const saved = await call(hr, 'POST', `/api/public-cv/save/${item!._id}`);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const savedId = saved.json().data._id as string;
    const detail = await call(hr, 'GET', `/hr/saved-cv/${savedId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('<strong>team</strong>');
    expectClean(detail.body, 'HR saved CV');
  });
});
