import { describe, expect, it } from 'vitest';
import { EMPTY_CV, buildCvData } from '@vitae/core/cv';
import { previewCvData } from './preview-data.ts';

const stored = [
  { _id: 'a1', skill: 'Welding', level: 4 },
  { _id: 'b2', skill: 'Forklift', level: 3 },
];
const base = buildCvData({ skill: stored, personalInfo: { fullName: 'Account Name' } });

describe('previewCvData: the stored CV with the unsaved form on top', () => {
  it('puts an edited entry’s draft in its place, keeping the order', () => {
    const data = previewCvData(
      base,
      { skill: stored },
      {
        key: 'skill',
        target: 'b2',
        values: { skill: 'Crane operation', level: 5 },
      },
    );
    expect(data.skills.map((s) => s.skill)).toEqual(['Welding', 'Crane operation']);
  });

  it('leaves out the entries the CV version leaves out (issue 30)', () => {
    const data = previewCvData(base, { skill: stored }, null, ['b2']);
    expect(data.skills.map((s) => s.skill)).toEqual(['Welding']);
  });

  it('leaves out the entries of the user’s own sections the version leaves out', () => {
    const entry = (_id: string, title: string) => ({
      _id,
      title,
      subtitle: '',
      place: '',
      startDate: '',
      endDate: '',
      description: '',
    });
    const withOwn = {
      ...base,
      customSections: [
        {
          _id: 's1',
          title: 'Volunteering',
          kind: 'volunteer' as const,
          entries: [entry('c1', 'Reading Mentor'), entry('c2', 'Race Marshal')],
        },
      ],
    };
    const data = previewCvData(withOwn, {}, null, ['c2']);
    expect(data.customSections[0]!.entries.map((e) => e.title)).toEqual(['Reading Mentor']);
    expect(data.customSections[0]!.title).toBe('Volunteering');
  });

  it('adds a new entry’s draft at the end, and shows nothing for an empty one', () => {
    const added = previewCvData(
      base,
      { skill: stored },
      {
        key: 'skill',
        target: null,
        values: { skill: 'Rigging', level: null },
      },
    );
    expect(added.skills.map((s) => s.skill)).toEqual(['Welding', 'Forklift', 'Rigging']);
    const blank = previewCvData(
      base,
      { skill: stored },
      {
        key: 'skill',
        target: null,
        values: { skill: '', level: null },
      },
    );
    expect(blank.skills).toHaveLength(2);
  });

  it('reads a single section’s draft over the stored record', () => {
    const data = previewCvData(
      base,
      {},
      {
        key: 'personal-info',
        target: 'x',
        values: { fullName: 'Typed Name', headline: 'Welder' },
      },
    );
    expect(data.personalInfo).toMatchObject({ fullName: 'Typed Name', headline: 'Welder' });
  });

  it('uses a section list saved on this page over the older one-request CV', () => {
    const data = previewCvData(EMPTY_CV, { skill: stored }, null);
    expect(data.skills.map((s) => s.skill)).toEqual(['Welding', 'Forklift']);
    // Personal information never saved: the account's name from the server stays.
    expect(previewCvData(base, { 'personal-info': [] }, null).personalInfo?.fullName).toBe(
      'Account Name',
    );
  });
});
