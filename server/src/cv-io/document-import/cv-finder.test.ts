import { describe, expect, it } from 'vitest';
import { findCv, headingKind } from './cv-finder.ts';
import { findDateRange } from './date-range.ts';
import type { DocLine } from './document-lines.ts';

/** Lines as a PDF reader gives them: "+" in front marks a gap above, "#" a bigger heading. */
const doc = (text: string): DocLine[] =>
  text
    .trim()
    .split('\n')
    .map((raw) => {
      const gapAbove = raw.startsWith('+');
      const body = raw.replace(/^\+/, '');
      const heading = body.startsWith('#');
      const t = body.replace(/^#\s*/, '').trim();
      const bullet = t.startsWith('• ');
      return {
        text: bullet ? t.slice(2) : t,
        size: heading ? 12 : t === 'Naledi Mahlangu' ? 22 : 10,
        bold: heading,
        heading: false,
        bullet,
        gapAbove: gapAbove || heading,
      };
    });

const FIXTURE = doc(`
Naledi Mahlangu
Civil Engineer
naledi@example.com · +27 71 555 0100 · linkedin.com/in/naledi
City: Pietermaritzburg Country: South Africa
#PROFILE
Civil engineer who designs stormwater systems for growing towns.
#WORK EXPERIENCE
+Senior Engineer  Mar 2020 – Present
Aurecon Group
• Led the design of a 12 km stormwater upgrade.
• Mentored four graduates.
+Graduate Engineer  2016 - 2020
Mhlathuze Municipality
Surveyed and costed road repairs across the district, and wrote the
reports that the council still uses.
#EDUCATION
+BSc Civil Engineering  2012 – 2015
University of Cape Town
#SKILLS
Civil 3D — Expert, Hydraulic modelling, Contract management
#LANGUAGES
English — Fluent
isiNdebele
#AWARDS
SAICE young engineer 2021
#Page 2 of 2
`);

describe('the section and entry finder', () => {
  const found = findCv(FIXTURE);

  it('finds the name, headline and contact details at the top', () => {
    expect(found.sections['personal-info']).toEqual([
      { fullName: 'Naledi Mahlangu', headline: 'Civil Engineer' },
    ]);
    expect(found.sections['contact-info']).toEqual([
      {
        email: 'naledi@example.com',
        phone: '+27 71 555 0100',
        linkedin: 'linkedin.com/in/naledi',
        city: 'Pietermaritzburg',
        country: 'South Africa',
      },
    ]);
  });

  it('splits a section into entries: title, organisation, dates and bullets', () => {
    expect(found.sections['employment-history']).toEqual([
      {
        position: 'Senior Engineer',
        company: 'Aurecon Group',
        startDate: '2020-03',
        endDate: '',
        current: true,
        description: '- Led the design of a 12 km stormwater upgrade.\n- Mentored four graduates.',
      },
      {
        position: 'Graduate Engineer',
        company: 'Mhlathuze Municipality',
        startDate: '2016',
        endDate: '2020',
        current: false,
        description:
          'Surveyed and costed road repairs across the district, and wrote the reports that the council still uses.',
      },
    ]);
    expect(found.sections['tertiary-education']).toMatchObject([
      {
        instituteName: 'University of Cape Town',
        certificationType: 'BSc Civil Engineering',
        startDate: '2012',
        endDate: '2015',
      },
    ]);
  });

  it('reads levels only where the CV writes them', () => {
    expect(found.sections.skill).toEqual([
      { skill: 'Civil 3D', proficiency: 5 },
      { skill: 'Hydraulic modelling' },
      { skill: 'Contract management' },
    ]);
    expect(found.sections.language).toEqual([
      { language: 'English', read: 5, write: 5, speak: 5 },
      { language: 'isiNdebele' },
    ]);
  });

  it('lists what it cannot place instead of dropping it, and skips page footers', () => {
    expect(found.unplaced).toEqual(['AWARDS: SAICE young engineer 2021']);
    expect(found.sections['personal-summary']).toEqual([
      { content: 'Civil engineer who designs stormwater systems for growing towns.' },
    ]);
  });

  it('knows headings however they are set, and reads date ranges', () => {
    const line = (text: string) => ({ ...FIXTURE[0]!, text });
    expect(headingKind(line('E M P L O Y M E N T  H I S T O R Y'))).toBe('employment-history');
    expect(headingKind(line('Professional Experience:'))).toBe('employment-history');
    expect(headingKind(line('Skills & Expertise'))).toBe('skill');
    expect(headingKind(line('Senior Engineer at Aurecon'))).toBeNull();
    expect(findDateRange('Analyst, 03/2019 to 12/2020')).toEqual({
      start: '2019-03',
      end: '2020-12',
      current: false,
      rest: 'Analyst,',
    });
    expect(findDateRange('Since 2021')).toMatchObject({ start: '2021', current: true });
    expect(findDateRange('Call +27 82 555 0142')).toBeNull();
  });
});

describe('a CV whose sidebar heading comes before the name', () => {
  const lines = doc(`
12 Main Road, Gqeberha
#ABOUT
Sipho Dlamini
Boilermaker
+27 82 555 0199
sipho@example.com
#WORK EXPERIENCE
+Senior Boilermaker, Coega Shipyard Services
+Mar 2019 - Present   4 years 2 months
+Leads a crew of six on hull repairs for bulk carriers and tugs calling at the port of Ngqura
and trains the yard's apprentices.
`).map((l) => (l.text === 'Sipho Dlamini' ? { ...l, size: 20 } : l));

  it('takes the largest name-like line near the start as the name, and its contact details', () => {
    const found = findCv(lines).sections;
    expect(found['personal-info']?.[0]).toMatchObject({ fullName: 'Sipho Dlamini' });
    expect(found['contact-info']?.[0]).toMatchObject({
      email: 'sipho@example.com',
      phone: expect.stringContaining('27 82 555 0199'),
    });
  });

  it('keeps a printed duration and the wrapped text out of the job header', () => {
    expect(findCv(lines).sections['employment-history']).toEqual([
      expect.objectContaining({
        position: 'Senior Boilermaker',
        company: 'Coega Shipyard Services',
        startDate: '2019-03',
        current: true,
        description: expect.stringMatching(/^Leads a crew .* apprentices\.$/),
      }),
    ]);
  });
});
