import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, loginAs, type Who } from '../test/build-test-app.ts';
import { buildMediaTestApp, png, upload, type MediaTestApp } from '../test/media-test-kit.ts';
import { TYPICAL_NAME, typicalCv } from '../test/typical-cv.ts';

/**
 * The Word and plain-text downloads (issue 35), read back: the .docx unzipped and its
 * word/document.xml checked for Word's heading styles, list numbering and hyperlinks; the
 * .txt for the same content in reading order. Both follow the CV's arrangement.
 */
let t: MediaTestApp;
const call = callAs(() => t);

beforeAll(async () => {
  t = await buildMediaTestApp('local');
});
afterAll(() => t.close());

/** A job whose description uses every kind of rich text the builder allows. */
const RICH_JOB = {
  company: 'Kite Labs',
  position: 'Tech Lead',
  startDate: '2016-12',
  endDate: '2019-07',
  current: false,
  description:
    '<p>Led a team of <strong>six</strong> on <em>payments</em>.</p>' +
    '<ul><li>Shipped the <a href="https://kite.example.com/app">mobile app</a></li><li>Cut costs by 20 %</li></ul>' +
    '<ol><li>Hired three developers</li><li>Ran the on-call rota</li></ol>',
};

async function fill(who: Who): Promise<void> {
  const cv = typicalCv();
  cv['employment-history']!.push(RICH_JOB);
  for (const [key, entries] of Object.entries(cv)) {
    for (const entry of entries) {
      const res = await call(who, 'POST', `/api/${key}`, entry);
      expect(res.statusCode, `POST /api/${key}: ${res.body}`).toBeLessThan(300);
    }
  }
}

/** Two custom sections of the user's own (issue 30) and one they hide. */
const CUSTOM_SECTIONS = [
  {
    title: 'Volunteering',
    kind: 'volunteer',
    entries: [
      {
        title: 'Coding coach',
        subtitle: 'Code4Kids',
        place: 'Soweto',
        startDate: '2018-02',
        endDate: '2022-11',
        description:
          '<p>Taught <strong>Saturday</strong> classes.</p><ul><li>Forty pupils</li></ul>',
      },
    ],
  },
  {
    title: 'Awards',
    kind: 'awards',
    entries: [{ title: 'Developer of the Year', subtitle: 'Bright Finance', endDate: '2023-06' }],
  },
  { title: 'Secret projects', kind: 'projects', entries: [{ title: 'Hidden gem' }] },
] as const;

/** Adds the custom sections; their ids, in order. */
async function addCustomSections(who: Who): Promise<string[]> {
  const ids: string[] = [];
  for (const { entries, ...section } of CUSTOM_SECTIONS) {
    const made = await call(who, 'POST', '/api/custom-sections', section);
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json().data as Array<{ _id: string }>).at(-1)!._id;
    for (const e of entries) {
      const res = await call(who, 'POST', `/api/custom-sections/${id}/entries`, e);
      expect(res.statusCode, res.body).toBe(201);
    }
    ids.push(id);
  }
  return ids;
}

/**
 * Skills first, then the Awards custom section, employment renamed, interests and one custom
 * section hidden; the rest (Volunteering last) in the default order.
 */
const arrangement = ([, awards, secret]: string[]) => ({
  order: ['skill', `custom:${awards}`, 'employment-history', 'personal-summary'],
  hidden: ['interest', `custom:${secret}`],
  titles: { 'employment-history': 'Where I worked' },
});
const EXPECTED_SECTIONS = [
  'Skills',
  'Awards',
  'Where I worked',
  'Summary',
  'Personal Details',
  'Additional Experience',
  'Tertiary Education',
  'Secondary Education',
  'Languages',
  'Attributes',
  'References',
  'Volunteering',
];

let owner: Who;
beforeAll(async () => {
  owner = await loginAs(t, { fullName: TYPICAL_NAME });
  await fill(owner);
  const custom = await addCustomSections(owner);
  const res = await call(owner, 'PUT', '/api/curriculum-vitae/arrangement', arrangement(custom));
  expect(res.statusCode, res.body).toBe(200);
});

interface Docx {
  files: Record<string, Uint8Array>;
  xml: string;
  /** Each paragraph: its style, whether it is in a list, its text, and its links' targets. */
  paragraphs: Array<{ style: string; listed: boolean; text: string; links: string[] }>;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function readDocx(body: Buffer): Docx {
  const files = unzipSync(new Uint8Array(body));
  const xml = strFromU8(files['word/document.xml']!);
  const rels = strFromU8(files['word/_rels/document.xml.rels']!);
  const target = (id: string) =>
    decode(new RegExp(`Id="${id}"[^>]*Target="([^"]*)"`).exec(rels)?.[1] ?? '');
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1] ?? '',
    listed: p.includes('<w:numPr>'),
    text: decode([...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
    links: [...p.matchAll(/<w:hyperlink [^>]*r:id="([^"]+)"/g)].map((m) => target(m[1]!)),
  }));
  return { files, xml, paragraphs };
}

const get = (who: Who | null, url: string) => call(who, 'GET', url);

describe('GET /api/curriculum-vitae/docx', () => {
  it('is a Word file with real headings, lists and links, in the CV’s arrangement', async () => {
    const res = await get(owner, '/api/curriculum-vitae/docx');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Thandi-Mokoena-CV.docx"; filename*=UTF-8''Thandi-Mokoena-CV.docx`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const doc = readDocx(res.rawPayload);
    const styled = (style: string) =>
      doc.paragraphs.filter((p) => p.style === style).map((p) => p.text);

    expect(styled('Heading1')).toEqual([TYPICAL_NAME]);
    expect(styled('Heading2')).toEqual(EXPECTED_SECTIONS);
    // Each job is a Heading 3 with its company and dates, as the templates write them.
    expect(styled('Heading3')).toEqual(
      expect.arrayContaining(['Senior Software Developer', 'Tech Lead', 'BSc Computer Science']),
    );
    const texts = doc.paragraphs.map((p) => p.text);
    expect(texts).toContain('Bright Finance · Mar 2022 – Present');
    expect(texts).toContain('Kite Labs · Dec 2016 – Jul 2019');

    // The hidden section and its entries are not in the file.
    expect(doc.xml).not.toContain('Interests');
    expect(doc.xml).not.toContain('Trail running');
    expect(doc.xml).not.toContain('Secret projects');
    expect(doc.xml).not.toContain('Hidden gem');

    // Custom sections' entries: title, subtitle and place, dates, the rich description.
    expect(styled('Heading3')).toEqual(
      expect.arrayContaining(['Coding coach', 'Developer of the Year']),
    );
    expect(texts).toContain('Code4Kids · Soweto · Feb 2018 – Nov 2022');
    expect(texts).toContain('Bright Finance · Jun 2023');
    const taught = /<w:p[ >](?:(?!<\/w:p>)[\s\S])*Taught [\s\S]*?<\/w:p>/.exec(doc.xml)![0];
    expect(taught).toMatch(/<w:b\/>(?:(?!<\/w:r>)[\s\S])*Saturday/);
    expect(doc.paragraphs.find((p) => p.text === 'Forty pupils')?.listed).toBe(true);

    // The rich description: bold and italic runs, a bullet list, a numbered list and a link.
    const led = /<w:p[ >](?:(?!<\/w:p>)[\s\S])*Led a team of[\s\S]*?<\/w:p>/.exec(doc.xml)![0];
    expect(led).toMatch(/<w:b\/>(?:(?!<\/w:r>)[\s\S])*six/);
    expect(led).toMatch(/<w:i\/>(?:(?!<\/w:r>)[\s\S])*payments/);
    const item = (text: string) => doc.paragraphs.find((p) => p.text === text)!;
    expect(item('Shipped the mobile app')).toMatchObject({
      listed: true,
      links: ['https://kite.example.com/app'],
    });
    expect(item('Cut costs by 20 %').listed).toBe(true);
    expect(item('Hired three developers').listed).toBe(true);
    const numId = (text: string) =>
      new RegExp(`<w:numId w:val="(\\d+)"/>(?:(?!</w:p>)[\\s\\S])*${text}`).exec(doc.xml)?.[1];
    // The numbered list is a list of its own, numbered in decimal.
    expect(numId('Hired three developers')).not.toBe(numId('Cut costs by 20 %'));
    expect(strFromU8(doc.files['word/numbering.xml']!)).toContain('w:val="decimal"');

    // Levels as the templates' words, never invented; contact details as links.
    expect(texts).toContain('TypeScript — Expert');
    expect(texts).toContain('Project management — Skilled');
    expect(texts).toContain(
      'isiZulu — Advanced · Read: Advanced, Write: Intermediate, Speak: Proficient · CEFR B2',
    );
    expect(item('Email: thandi.mokoena@example.com').links).toEqual([
      'mailto:thandi.mokoena@example.com',
    ]);
    expect(item('LinkedIn: https://www.linkedin.com/in/thandi-mokoena').links).toHaveLength(1);
    expect(texts).toContain('Date of birth: 18 Mar 1994');
    // No photo unless asked for.
    expect(Object.keys(doc.files).filter((f) => f.startsWith('word/media/'))).toEqual([]);
  });

  it('adds the photo, read from storage, only with photo=1', async () => {
    const me = await loginAs(t, { fullName: 'Photo Owner' });
    await call(me, 'POST', '/api/personal-info', { fullName: 'Photo Owner' });
    const photo = await upload(
      t,
      me.cookie,
      'image',
      { data: await png(400, 300), filename: 'p.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const { url, public_id } = photo.json<{ url: string; public_id: string }>();
    const assigned = await call(me, 'POST', '/api/photo', {
      title: 'Portrait',
      photoUrl: url,
      publicId: public_id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);

    const media = (body: Buffer) =>
      Object.keys(readDocx(body).files).filter((f) => f.startsWith('word/media/'));
    const without = await get(me, '/api/curriculum-vitae/docx');
    expect(media(without.rawPayload)).toEqual([]);
    const withPhoto = await get(me, '/api/curriculum-vitae/docx?photo=1');
    expect(withPhoto.statusCode).toBe(200);
    const [file] = media(withPhoto.rawPayload);
    expect(file).toMatch(/\.jpe?g$/);
    expect(readDocx(withPhoto.rawPayload).xml).toContain('<pic:pic');

    const bad = await get(me, '/api/curriculum-vitae/docx?photo=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('photo must be 0 or 1.');
  });
});

describe('GET /api/curriculum-vitae/txt', () => {
  it('is the same CV as plain text in reading order', async () => {
    const res = await get(owner, '/api/curriculum-vitae/txt');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Thandi-Mokoena-CV.txt"; filename*=UTF-8''Thandi-Mokoena-CV.txt`,
    );
    const text = res.body;
    expect(text.startsWith(`${TYPICAL_NAME}\n${'='.repeat(TYPICAL_NAME.length)}\n`)).toBe(true);
    expect(text).toContain('\nEmail: thandi.mokoena@example.com\nPhone: 082 555 0147\n');
    const at = EXPECTED_SECTIONS.map((title) =>
      text.indexOf(`\n\n${title}\n${'-'.repeat(title.length)}\n`),
    );
    for (const [i, position] of at.entries()) {
      expect(position, EXPECTED_SECTIONS[i]).toBeGreaterThan(0);
      if (i > 0) expect(position).toBeGreaterThan(at[i - 1]!);
    }
    expect(text).not.toContain('Interests');
    expect(text).not.toContain('Trail running');
    expect(text).toContain('\n- TypeScript — Expert\n');
    expect(text).toContain(
      'Tech Lead\nKite Labs · Dec 2016 – Jul 2019\nLed a team of six on payments.\n' +
        '- Shipped the mobile app (https://kite.example.com/app)\n- Cut costs by 20 %\n' +
        '1. Hired three developers\n2. Ran the on-call rota\n',
    );
    expect(text).toContain('\n- Calm under pressure\n');
    expect(text).toContain(
      'Coding coach\nCode4Kids · Soweto · Feb 2018 – Nov 2022\nTaught Saturday classes.\n- Forty pupils\n',
    );
    expect(text).toContain('\nDeveloper of the Year\nBright Finance · Jun 2023\n');
    expect(text).not.toContain('Secret projects');
    expect(text).not.toContain('Hidden gem');
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('who may download', () => {
  it('answers 401 signed out; a signed-in user only ever gets their own CV', async () => {
    for (const url of ['/api/curriculum-vitae/docx', '/api/curriculum-vitae/txt']) {
      expect((await get(null, url)).statusCode).toBe(401);
    }
    const stranger = await loginAs(t, { fullName: 'Sam Stranger' });
    const docx = await get(stranger, '/api/curriculum-vitae/docx');
    expect(docx.statusCode).toBe(200);
    expect(readDocx(docx.rawPayload).xml).not.toContain(TYPICAL_NAME);
    const txt = await get(stranger, '/api/curriculum-vitae/txt');
    expect(txt.body).not.toContain(TYPICAL_NAME);
    expect(txt.headers['content-disposition']).toContain('filename="CV.txt"');
  });

  it("follows a version's left-out entries; another user's version answers 404", async () => {
    const version = (
      await call(owner, 'POST', '/api/curriculum-vitae/versions', { name: 'Short' })
    ).json()._id as string;
    const skills = (await get(owner, '/api/skill')).json().data as { _id: string; skill: string }[];
    const typescript = skills.find((s) => s.skill === 'TypeScript')!;
    await call(
      owner,
      'PUT',
      `/api/curriculum-vitae/versions/${version}/entries/${typescript._id}`,
      {
        section: 'skill',
        included: false,
      },
    );
    const short = await get(owner, `/api/curriculum-vitae/txt?version=${version}`);
    expect(short.body).not.toContain('\n- TypeScript — Expert\n');
    expect((await get(owner, '/api/curriculum-vitae/txt')).body).toContain(
      '\n- TypeScript — Expert\n',
    );
    const stranger = await loginAs(t);
    for (const kind of ['txt', 'docx']) {
      const res = await get(stranger, `/api/curriculum-vitae/${kind}?version=${version}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('counts downloads per user and refuses past 30 a minute', async () => {
    const me = await loginAs(t);
    for (let i = 0; i < 30; i++) {
      expect((await get(me, '/api/curriculum-vitae/txt')).statusCode).toBe(200);
    }
    const refused = await get(me, '/api/curriculum-vitae/docx');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many downloads. Please wait a minute and try again.');
    // Another user is not held back.
    expect((await get(owner, '/api/curriculum-vitae/txt')).statusCode).toBe(200);
  });
});
