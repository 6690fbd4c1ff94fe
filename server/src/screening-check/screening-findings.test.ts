import { describe, expect, it } from 'vitest';
import type { CvData } from '@vitae/core';
import { SAMPLE_CV } from '@vitae/core/sample-cv';
import { cvDocument } from '../cv-export/index.ts';
import { usualHeadingKind } from '../cv-io/index.ts';
import { screeningFindings, type ParsedPdf } from './screening-findings.ts';

/**
 * The comparison of what the parser read with what the CV holds, on lines made here (the API
 * test reads real PDFs): each kind of warning, and what is found.
 */
const knownHeading = (text: string) =>
  usualHeadingKind({
    text,
    size: 0,
    bold: false,
    heading: false,
    bullet: false,
    gapAbove: false,
  }) !== null;

const SECTION_ID = 'a'.repeat(24);
const data: CvData = {
  ...SAMPLE_CV,
  customSections: [
    {
      _id: SECTION_ID,
      title: 'Side quests',
      kind: 'other',
      entries: [
        {
          _id: 'b'.repeat(24),
          title: 'Robot league',
          subtitle: '',
          place: '',
          startDate: '',
          endDate: '',
          description: '',
        },
      ],
    },
  ],
  arrangement: {
    order: [],
    hidden: [],
    titles: { 'employment-history': 'My journey' },
  },
};
const c = data.contactInfo!;
const name = data.personalInfo!.fullName;
const [job] = data.employHistorys;

function findings(parsed: Partial<ParsedPdf>, template = 'template01') {
  return screeningFindings({
    data,
    doc: cvDocument(data),
    parsed: { text: [], sections: {}, ...parsed },
    knownHeading,
    template,
  });
}

describe('screening findings', () => {
  it('lists each section the CV shows with whether the parser found it', () => {
    const result = findings({
      text: [name, 'SIDE QUESTS', 'Robot league'],
      sections: { skill: [{ skill: 'x' }], 'employment-history': [] },
    });
    const byKey = Object.fromEntries(result.sections.map((s) => [s.key, s]));
    expect(byKey.skill).toMatchObject({ title: 'Skills', found: true });
    expect(byKey['employment-history']).toMatchObject({ title: 'My journey', found: false });
    // A heading no parser knows is not found, even when its line is there.
    expect(byKey[`custom:${SECTION_ID}`]).toMatchObject({ title: 'Side quests', found: false });
  });

  it('warns of a renamed heading and a custom one a parser does not know', () => {
    const headings = findings({}).warnings.filter((w) => w.kind === 'heading');
    expect(headings.map((w) => w.message)).toEqual([
      expect.stringContaining('You renamed a section “My journey”'),
      expect.stringContaining('“Side quests” is not a heading a screening system knows'),
    ]);
  });

  it('names sections as the template prints them, and warns of its titles a parser does not know', () => {
    const result = findings({}, 'template03');
    const byKey = Object.fromEntries(result.sections.map((s) => [s.key, s.title]));
    // Creative calls experience "Other adventures"; the user's own title still wins.
    expect(byKey.experience).toBe('Other adventures');
    expect(byKey['employment-history']).toBe('My journey');
    const headings = result.warnings.filter((w) => w.kind === 'heading').map((w) => w.message);
    expect(headings).toContainEqual(
      expect.stringContaining('This template titles sections “Other adventures”'),
    );
    expect(headings.filter((m) => m.includes('My journey'))).toEqual([
      expect.stringContaining('You renamed a section'),
    ]);
    // Modern's titles are all ones a parser knows.
    expect(findings({}).warnings.filter((w) => w.message.startsWith('This template'))).toEqual([]);
  });

  it('tells a contact detail missing from the text from one the parser misread', () => {
    const result = findings({
      text: [name, `Phone ${c.phone}`],
      sections: {
        'personal-info': [{ fullName: name }],
        'contact-info': [{ phone: c.phone.replace(/^0/, '+27 ') }],
      },
    });
    const byField = Object.fromEntries(result.contact.map((x) => [x.field, x]));
    expect(byField.name!.found).toBe(true);
    // "+27 82 …" is "082 …".
    expect(byField.phone!.found).toBe(true);
    expect(byField.email).toMatchObject({ value: c.email, read: '', found: false });
    const contact = result.warnings.filter((w) => w.kind === 'contact').map((w) => w.message);
    expect(contact).toContainEqual(
      `Your email (${c.email}) is not in the PDF's text: it may show only as an icon or a link, which a screening system cannot read. Write it out in full.`,
    );

    // Broken over two lines in a narrow column: there, but not read whole.
    const [user, host] = c.email.split('@');
    const broken = findings({ text: [name, `${user}@`, host!] });
    expect(broken.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining(`Your email (${c.email}) is broken over two lines`),
    );
  });

  it('warns of a date the parser did not read, in a section it found', () => {
    const result = findings({
      text: [job!.position],
      sections: {
        'employment-history': data.employHistorys.map((e, i) => ({
          position: e.position,
          startDate: i === 0 ? '' : e.startDate.slice(0, 7),
        })),
      },
    });
    const dates = result.warnings.filter((w) => w.kind === 'date').map((w) => w.message);
    expect(dates).toEqual([expect.stringContaining(`The dates of “${job!.position}”`)]);
  });

  it('warns when two sections’ lines alternate, or one line holds both', () => {
    const [s1, s2, s3] = data.skills.map((s) => s.skill);
    const [l1, l2] = data.languages.map((l) => l.languageName);
    const interleaved = findings({ text: ['SKILLS', s1!, l1!, s2!, l2!, s3!] });
    expect(interleaved.warnings.filter((w) => w.kind === 'columns')).toHaveLength(1);
    expect(interleaved.warnings[0]!.message).toMatch(
      /“Skills” and “Languages” interleave|“Languages” and “Skills” interleave/,
    );
    const joined = findings({ text: ['SKILLS', `${s1} 5/5${l1}`, s2!, s3!, l2!] });
    expect(joined.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('One line joins text of'),
    );
    const apart = findings({ text: ['SKILLS', s1!, s2!, s3!, 'LANGUAGES', l1!, l2!] });
    expect(apart.warnings.filter((w) => w.kind === 'columns')).toEqual([]);
    // A skill named once at the end of a job's wrapped line is no column.
    const [e0, e1] = data.employHistorys;
    const wrapped = findings({
      text: [e0!.position, e0!.company, `and shipped it in ${s2}`, e1!.position, e1!.company],
    });
    expect(wrapped.warnings.filter((w) => w.kind === 'columns')).toEqual([]);
  });
});
