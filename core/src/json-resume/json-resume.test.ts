import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '../sections/index.ts';
import { NOT_A_JSON_RESUME, readJsonResume, toJsonResume, type CvEntries } from './json-resume.ts';
import { isoDate, levelFromWord, SKILL_LEVEL_WORDS } from './mapping.ts';
import { customEntrySchema } from '../custom-sections.ts';
import type { CustomSectionData } from './custom-sections.ts';

/** Every section's sample, plus entries that JSON Resume cannot hold as they are. */
function fullCv(): CvEntries {
  const cv = Object.fromEntries(SECTION_KEYS.map((k) => [k, SECTIONS[k].sample])) as CvEntries;
  cv['employment-history'] = [
    ...SECTIONS['employment-history'].sample,
    {
      company: 'Gap Year Co',
      position: 'Barista',
      startDate: 'Mar 2012',
      endDate: '',
      current: false,
      description: 'Coffee.\n- Latte art',
      location: '',
    },
  ];
  return cv;
}

const validated = (key: SectionKey, input: unknown) => SECTIONS[key].schema.parse(input);

describe('JSON Resume mapping', () => {
  it('reads back every section of a full CV field for field', () => {
    const cv = fullCv();
    const resume = JSON.parse(JSON.stringify(toJsonResume(cv, { template: 'template03' })));
    const read = readJsonResume(resume);
    expect(read.template).toBe('template03');
    for (const key of SECTION_KEYS) {
      const back = (read.sections[key] ?? []).map((input) => validated(key, input));
      expect(back, key).toEqual(cv[key]);
    }
  });

  it('puts each section in its JSON Resume place', () => {
    const resume = toJsonResume(fullCv());
    expect(resume.basics).toMatchObject({
      name: 'Thandi Mokoena',
      email: 'thandi.mokoena@example.com',
      profiles: [{ network: 'LinkedIn' }],
      location: { city: 'Pretoria', region: 'Gauteng' },
    });
    expect(resume.work).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Bright Finance', startDate: '2020-01' }),
        // Free-text dates become JSON Resume's partial dates.
        expect.objectContaining({ name: 'Gap Year Co', startDate: '2012-03' }),
      ]),
    );
    expect(resume.skills).toContainEqual({ name: 'TypeScript', level: 'Expert' });
    expect(resume.languages).toContainEqual({ language: 'English', fluency: 'Proficient' });
    expect((resume.education as unknown[]).length).toBe(2);
    expect(resume.meta).toMatchObject({
      vitae: { sections: { attribute: [{ attribute: 'Reliable' }, {}, {}] } },
    });
  });

  it('understands partial dates and level words', () => {
    expect(isoDate('2020')).toBe('2020');
    expect(isoDate('2020-3')).toBe('2020-03');
    expect(isoDate('Mar 2020')).toBe('2020-03');
    expect(isoDate('soon')).toBe('');
    expect(levelFromWord('Master', SKILL_LEVEL_WORDS)).toBe(5);
    expect(levelFromWord('60%', SKILL_LEVEL_WORDS)).toBe(3);
    expect(levelFromWord('???', SKILL_LEVEL_WORDS)).toBeNull();
  });

  it('refuses what is not a JSON object', () => {
    expect(() => readJsonResume([1, 2])).toThrow(/not a JSON Resume/);
  });

  it('reads any hand-edited file without throwing, and every entry through its schema', () => {
    const anyList = fc.array(fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())), {
      maxLength: 3,
    });
    const resume = fc.record(
      {
        basics: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
        work: anyList,
        education: anyList,
        skills: anyList,
        languages: anyList,
        volunteer: anyList,
        projects: anyList,
        awards: anyList,
        meta: fc.record({
          vitae: fc.record({
            format: fc.constant('vitae'),
            template: fc.anything(),
            sections: fc.dictionary(fc.constantFrom(...SECTION_KEYS), fc.anything()),
            customSections: fc.oneof(
              fc.anything(),
              fc.array(
                fc.record({
                  title: fc.anything(),
                  kind: fc.constantFrom('volunteer', 'projects', 'other', 'x'),
                  items: fc.oneof(fc.integer(), fc.anything()),
                  lost: fc.anything(),
                  entries: fc.anything(),
                }),
              ),
            ),
          }),
        }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(resume, (r) => {
        const read = readJsonResume(r);
        for (const key of SECTION_KEYS) {
          for (const input of read.sections[key] ?? []) SECTIONS[key].schema.safeParse(input);
        }
        for (const section of read.customSections) {
          for (const input of section.entries) customEntrySchema.safeParse(input);
        }
      }),
      { numRuns: 200 },
    );
    expect(() => readJsonResume('text')).toThrow(NOT_A_JSON_RESUME);
  });

  describe('custom sections (issue 30)', () => {
    const entry = (title: string, more: Record<string, string> = {}) => ({
      title,
      subtitle: '',
      place: '',
      startDate: '',
      endDate: '',
      description: '',
      ...more,
    });
    const custom: CustomSectionData[] = [
      {
        title: 'Volunteering',
        kind: 'volunteer',
        entries: [
          entry('Coach', {
            subtitle: 'Code4Kids',
            place: 'Soweto',
            startDate: 'Feb 2018',
            endDate: '2022-11',
            description: '<p>Saturday <strong>classes</strong></p>',
          }),
        ],
      },
      { title: 'Awards', kind: 'awards', entries: [entry('Best paper', { startDate: '2021' })] },
      { title: 'Talks', kind: 'publications', entries: [entry('On caching')] },
      { title: 'Side projects', kind: 'projects', entries: [entry('Vitae'), entry('Kettle')] },
      { title: 'Sport', kind: 'other', entries: [entry('Comrades marathon', { endDate: '2019' })] },
    ];

    it('writes each kind to its JSON Resume list and "other" under meta.vitae', () => {
      const resume = toJsonResume(fullCv(), { customSections: custom });
      expect(resume.volunteer).toEqual([
        {
          position: 'Coach',
          organization: 'Code4Kids',
          startDate: '2018-02',
          endDate: '2022-11',
          summary: '<p>Saturday <strong>classes</strong></p>',
        },
      ]);
      expect(resume.awards).toEqual([{ title: 'Best paper', date: '2021' }]);
      expect(resume.publications).toEqual([{ name: 'On caching' }]);
      // Work Experience's projects come first, then the custom section's.
      expect((resume.projects as { name: string }[]).slice(-2).map((p) => p.name)).toEqual([
        'Vitae',
        'Kettle',
      ]);
      expect(resume.meta).toMatchObject({
        vitae: {
          customSections: expect.arrayContaining([
            { title: 'Sport', kind: 'other', entries: [custom[4]!.entries[0]] },
          ]),
        },
      });
    });

    it('reads every custom section back, and Work Experience keeps only its own', () => {
      const cv = fullCv();
      const resume = JSON.parse(JSON.stringify(toJsonResume(cv, { customSections: custom })));
      const read = readJsonResume(resume);
      expect(read.customSections).toEqual(custom);
      const experience = (read.sections.experience ?? []).map((e) =>
        SECTIONS.experience.schema.parse(e),
      );
      expect(experience).toEqual(cv.experience);
    });

    it("imports a foreign file's awards and publications as sections of those kinds", () => {
      const read = readJsonResume({
        awards: [{ title: 'Gold', awarder: 'Guild', date: '2020-05', summary: 'For bread' }],
        publications: [{ name: 'Sourdough', publisher: 'Press', releaseDate: '2019' }],
      });
      expect(read.customSections).toEqual([
        {
          title: 'Awards',
          kind: 'awards',
          entries: [
            entry('Gold', { subtitle: 'Guild', startDate: '2020-05', description: 'For bread' }),
          ],
        },
        {
          title: 'Publications',
          kind: 'publications',
          entries: [entry('Sourdough', { subtitle: 'Press', startDate: '2019' })],
        },
      ]);
      expect(read.notes).toEqual([]);
    });
  });
});
