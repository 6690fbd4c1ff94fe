import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from './api.ts';
import { ImportPreview } from './import-preview.tsx';

const RESULT: ImportResult = {
  mode: 'add',
  imported: false,
  notes: ['2 awards: Vitae does not import these.'],
  sections: [
    {
      key: 'skill',
      label: 'Skills',
      kind: 'list',
      existing: 3,
      count: 4,
      entries: [
        ...['A', 'B', 'C', 'D'].map((skill) => ({
          values: { skill, proficiency: 3 },
          errors: null,
        })),
        {
          values: { skill: 'x'.repeat(120) },
          errors: { skill: 'Skill must be 100 characters or less' },
        },
      ],
    },
    {
      key: 'personal-info',
      label: 'Personal Information',
      kind: 'single',
      existing: 1,
      count: 1,
      entries: [{ values: { fullName: 'Ann Lee' }, errors: null }],
    },
  ],
};

describe('ImportPreview', () => {
  it('shows per section the count, the first entries and each refused entry with its reason', () => {
    render(<ImportPreview result={RESULT} mode="add" />);
    const skills = screen.getByTestId('import-skill');
    expect(skills).toHaveTextContent('4 to import');
    expect(within(skills).getByText('A')).toBeInTheDocument();
    expect(within(skills).queryByText('D')).toBeNull();
    expect(skills).toHaveTextContent('and 1 more');
    expect(within(skills).getByRole('list', { name: 'Skills: not imported' })).toHaveTextContent(
      'Skill must be 100 characters or less',
    );
    // A single record is replaced whatever the mode.
    expect(screen.getByTestId('import-personal-info')).toHaveTextContent('replaces your 1');
    expect(screen.getByText('2 awards: Vitae does not import these.')).toBeInTheDocument();
  });

  it('says for an import into a CV how many entries are new and how many already there', () => {
    const merged: ImportResult = {
      ...RESULT,
      sections: [
        {
          ...RESULT.sections[0]!,
          count: 1,
          already: 3,
          entries: [
            ...['A', 'B', 'C'].map((skill) => ({
              values: { skill, proficiency: 3 },
              errors: null,
              already: true,
            })),
            { values: { skill: 'D', proficiency: 3 }, errors: null },
          ],
        },
      ],
    };
    render(<ImportPreview result={merged} mode="add" />);
    expect(screen.getByTestId('import-merge-summary')).toHaveTextContent(
      '1 new entry for your profile, 3 already in it.',
    );
    const skills = screen.getByTestId('import-skill');
    expect(skills).toHaveTextContent('1 new, 3 already there');
    expect(skills).not.toHaveTextContent('replaces');
    expect(within(skills).getByText('A')).toHaveTextContent('A (already there)');
  });
});

describe('ImportPreview of rich text', () => {
  it('shows the text a reader sees, not the markup', () => {
    const summary: ImportResult['sections'][number] = {
      key: 'personal-summary',
      label: 'Personal Summary',
      kind: 'single',
      existing: 0,
      count: 1,
      entries: [
        { values: { content: '<p>Led <strong>three</strong> teams &amp; more</p>' }, errors: null },
      ],
    };
    render(<ImportPreview result={{ ...RESULT, sections: [summary] }} mode="add" />);
    const section = screen.getByTestId('import-personal-summary');
    expect(section).toHaveTextContent('Led three teams & more');
    expect(section.textContent).not.toMatch(/<p>|<strong>|&amp;/);
  });
});

describe('ImportPreview of certificates (issue 32)', () => {
  it('lists the file’s certificates as certificates, never as replacing the user’s', () => {
    render(
      <ImportPreview
        mode="replace"
        result={{
          mode: 'replace',
          imported: false,
          notes: [],
          sections: [],
          certificates: {
            label: 'Certificates',
            existing: 4,
            count: 1,
            already: 1,
            entries: [
              {
                values: { title: 'Site Safety', issuer: 'SAIOSH', date: '2020-03', url: '' },
                errors: null,
              },
              {
                values: { title: 'First aid', issuer: '', date: '', url: '' },
                errors: null,
                already: true,
              },
            ],
          },
        }}
      />,
    );
    const certs = screen.getByTestId('import-certificates');
    expect(within(certs).getByRole('heading', { name: 'Certificates' })).toBeVisible();
    expect(certs).toHaveTextContent('1 new, 1 already there');
    expect(certs).not.toHaveTextContent('replaces');
    expect(certs).toHaveTextContent('Site Safety · SAIOSH');
    expect(certs).toHaveTextContent('First aid (already there)');
  });
});
