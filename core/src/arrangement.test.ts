import { describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_MESSAGES,
  EMPTY_ARRANGEMENT,
  SECTION_TITLE_MAX,
  arrangedKeys,
  arrangementSchema,
  isDefaultArrangement,
  readArrangement,
} from './arrangement.ts';
import { buildCvData, EMPTY_CV } from './cv.ts';
import { cvDataSchema, cvArrangementResponseSchema } from './responses/cv.ts';
import { SAMPLE_CV } from './sample-cv.ts';
import { SECTION_KEYS } from './sections/index.ts';
import { UNSUPPORTED_CHARACTERS } from './text.ts';

/** The first message of a refused body, or undefined when it is accepted. */
const refusal = (body: unknown) => {
  const r = arrangementSchema.safeParse(body);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('arrangementSchema', () => {
  it('takes a full order, hidden sections and trimmed titles', () => {
    const body = {
      order: [...SECTION_KEYS].reverse(),
      hidden: ['interest', 'personal-info'],
      titles: { skill: '  What I do  ', reference: 'Ask them' },
    };
    expect(arrangementSchema.parse(body)).toEqual({
      ...body,
      titles: { skill: 'What I do', reference: 'Ask them' },
    });
  });

  it('fills what is left out with the empty arrangement', () => {
    expect(arrangementSchema.parse({})).toEqual(EMPTY_ARRANGEMENT);
    expect(arrangementSchema.parse({ hidden: ['skill'] })).toEqual({
      order: [],
      hidden: ['skill'],
      titles: {},
    });
  });

  it.each([
    [{ order: ['skills'] }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ hidden: ['__proto__'] }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ order: 'skill' }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ order: [1] }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ titles: { photo: 'Me' } }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ titles: ['Skills'] }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ colour: 'red' }, ARRANGEMENT_MESSAGES.unknownSection],
    [{ order: ['skill', 'language', 'skill'] }, ARRANGEMENT_MESSAGES.duplicate],
    [{ hidden: ['skill', 'skill'] }, ARRANGEMENT_MESSAGES.duplicate],
    [{ order: [...SECTION_KEYS, 'skill'] }, ARRANGEMENT_MESSAGES.duplicate],
    [{ titles: { skill: '' } }, ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: '   ' } }, ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 'x'.repeat(SECTION_TITLE_MAX + 1) } }, ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 4 } }, ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: null } }, ARRANGEMENT_MESSAGES.title],
    [{ titles: { skill: 'Two\nlines' } }, UNSUPPORTED_CHARACTERS],
    [{ titles: { skill: 'Tab\there' } }, UNSUPPORTED_CHARACTERS],
    [{ titles: { skill: 'Nul\u0000' } }, UNSUPPORTED_CHARACTERS],
    [{ titles: { skill: 'Half \ud800' } }, UNSUPPORTED_CHARACTERS],
  ])('refuses %j', (body, message) => {
    expect(refusal(body)).toBe(message);
  });

  it('takes a title of exactly 40 characters, and one with emoji and accents', () => {
    expect(refusal({ titles: { skill: 'x'.repeat(SECTION_TITLE_MAX) } })).toBeUndefined();
    expect(refusal({ titles: { language: 'Idiomas · Tale 🌍' } })).toBeUndefined();
  });
});

describe('readArrangement', () => {
  it('reads stored JSON text and objects, dropping what is unknown, repeated or unusable', () => {
    const stored = JSON.stringify({
      order: ['skill', 'nope', 'skill', 'language', 7],
      hidden: ['reference', 'reference'],
      titles: { skill: ' Tools ', photo: 'x', language: '', interest: 'a\nb', attribute: 3 },
    });
    expect(readArrangement(stored)).toEqual({
      order: ['skill', 'language'],
      hidden: ['reference'],
      titles: { skill: 'Tools' },
    });
  });

  it.each([undefined, null, '', 'not json', '[]', 42, { order: 'skill' }])(
    'reads %j as the empty arrangement',
    (value) => {
      expect(isDefaultArrangement(readArrangement(value))).toBe(true);
    },
  );
});

describe('arrangedKeys', () => {
  it('lists the ordered sections first, then the rest in registry order', () => {
    const keys = arrangedKeys({ order: ['reference', 'skill'], hidden: [], titles: {} });
    expect(keys.slice(0, 2)).toEqual(['reference', 'skill']);
    expect(keys).toHaveLength(SECTION_KEYS.length);
    expect(new Set(keys).size).toBe(SECTION_KEYS.length);
    expect(arrangedKeys(EMPTY_ARRANGEMENT)).toEqual(SECTION_KEYS);
  });
});

describe('CvData carries the arrangement', () => {
  it('buildCvData reads it, empty when absent; the response schemas accept it', () => {
    expect(EMPTY_CV.arrangement).toEqual(EMPTY_ARRANGEMENT);
    expect(SAMPLE_CV.arrangement).toEqual(EMPTY_ARRANGEMENT);
    const arrangement = { order: ['skill'], hidden: ['interest'], titles: { skill: 'Tools' } };
    const data = buildCvData({ arrangement: JSON.stringify(arrangement) });
    expect(data.arrangement).toEqual(arrangement);
    expect(cvDataSchema.parse(data)).toMatchObject({ arrangement });
    expect(cvArrangementResponseSchema.parse({ arrangement })).toEqual({ arrangement });
  });
});

describe('custom sections in the arrangement (issue 30)', () => {
  const id = 'a'.repeat(24);
  const gone = 'b'.repeat(24);

  it('takes custom:<24-hex id> keys in order and hidden, and refuses other custom keys', () => {
    const body = { order: [`custom:${id}`, 'skill'], hidden: [`custom:${id}`] };
    expect(arrangementSchema.parse(body)).toEqual({ ...body, titles: {} });
    expect(refusal({ order: ['custom:nope'] })).toBe(ARRANGEMENT_MESSAGES.unknownSection);
    expect(refusal({ titles: { [`custom:${id}`]: 'Mine' } })).toBe(
      ARRANGEMENT_MESSAGES.unknownSection,
    );
    expect(refusal({ hidden: [`custom:${id}`, `custom:${id}`] })).toBe(
      ARRANGEMENT_MESSAGES.duplicate,
    );
  });

  it("reads a CV's custom sections leniently and drops the keys of sections that are gone", () => {
    const data = buildCvData({
      customSections: [
        {
          _id: id,
          title: ' Volunteering ',
          kind: 'volunteer',
          entries: [{ _id: 'e1', title: 'Coach', startDate: '2020-01' }, { _id: 'e2' }],
        },
        { _id: gone, title: '', kind: 'awards', entries: [] },
        { _id: 'c'.repeat(24), title: 'Odd', kind: 'weird' },
      ],
      arrangement: { order: [`custom:${gone}`, `custom:${id}`], hidden: [`custom:${gone}`] },
    });
    expect(data.customSections).toEqual([
      {
        _id: id,
        title: 'Volunteering',
        kind: 'volunteer',
        entries: [
          {
            _id: 'e1',
            title: 'Coach',
            subtitle: '',
            place: '',
            startDate: '2020-01',
            endDate: '',
            description: '',
          },
        ],
      },
      { _id: 'c'.repeat(24), title: 'Odd', kind: 'other', entries: [] },
    ]);
    expect(data.arrangement).toEqual({ order: [`custom:${id}`], hidden: [], titles: {} });
    expect(cvDataSchema.parse(data)).toMatchObject({ customSections: data.customSections });
    expect(arrangedKeys(data.arrangement, [id]).slice(0, 2)).toEqual([
      `custom:${id}`,
      SECTION_KEYS[0],
    ]);
  });
});
