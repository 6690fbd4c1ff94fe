import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CV, type CvArrangement, type CvData } from '@vitae/core';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

/** Issue 30: every template and the ink-friendly view draw the sections the user made. */
const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];

const VOLUNTEERING = 'a'.repeat(24);
const AWARDS = 'b'.repeat(24);

const withCustom = (arrangement: Partial<CvArrangement> = {}): CvData => ({
  ...SAMPLE_CV,
  customSections: [
    {
      _id: VOLUNTEERING,
      title: 'Volunteering',
      kind: 'volunteer',
      entries: [
        {
          _id: 'e1',
          title: 'Saturday coding coach',
          subtitle: 'Code4Kids',
          place: 'Soweto',
          startDate: '2018-02',
          endDate: '2022-11',
          description: '<p>Taught <strong>Python</strong> to teenagers.</p>',
        },
      ],
    },
    {
      _id: AWARDS,
      title: 'Awards',
      kind: 'awards',
      entries: [
        {
          _id: 'e2',
          title: 'Engineer of the year',
          subtitle: 'Karoo Financial',
          place: '',
          startDate: '2023-05',
          endDate: '',
          description: '',
        },
      ],
    },
  ],
  arrangement: { order: [], hidden: [], titles: {}, ...arrangement },
});

async function renderLayout(layout: string, data: CvData) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  const custom = (id: string) =>
    view.container.querySelector<HTMLElement>(`[data-custom-section="${id}"]`);
  return { ...view, custom };
}

describe.each(LAYOUTS)('%s', (layout) => {
  it("draws each custom section under its own title, with its entries' details", async () => {
    const { custom, getByRole } = await renderLayout(layout, withCustom());
    const section = custom(VOLUNTEERING)!;
    expect(section).not.toBeNull();
    expect(getByRole('region', { name: 'Volunteering' })).toBe(section);
    expect(section.querySelector('h2')).toHaveTextContent('Volunteering');
    expect(section).toHaveTextContent('Saturday coding coach');
    expect(section).toHaveTextContent('Code4Kids · Soweto');
    expect(section).toHaveTextContent('Feb 2018 – Nov 2022');
    // Rich text as rich text: bold stays bold, no markup shows as text.
    expect(section.querySelector('strong')).toHaveTextContent('Python');
    expect(section).not.toHaveTextContent('<p>');
    // One date is that date, not a range to "Present".
    expect(custom(AWARDS)).toHaveTextContent('May 2023');
    expect(custom(AWARDS)).not.toHaveTextContent('Present');
  });

  it('hides a hidden custom section and keeps the others', async () => {
    const { custom, container } = await renderLayout(
      layout,
      withCustom({ hidden: [`custom:${VOLUNTEERING}`] }),
    );
    expect(custom(VOLUNTEERING)).toBeNull();
    expect(container).not.toHaveTextContent('Saturday coding coach');
    expect(custom(AWARDS)).not.toBeNull();
  });

  it("follows the user's order among the custom sections", async () => {
    const plain = await renderLayout(layout, withCustom());
    const first = (c: HTMLElement) =>
      c.querySelector<HTMLElement>('[data-custom-section]')!.dataset.customSection;
    expect(first(plain.container)).toBe(VOLUNTEERING);
    plain.unmount();
    const moved = await renderLayout(
      layout,
      withCustom({ order: [`custom:${AWARDS}`, `custom:${VOLUNTEERING}`] }),
    );
    expect(first(moved.container)).toBe(AWARDS);
  });

  it('draws no heading for a custom section without entries', async () => {
    const data = withCustom();
    data.customSections[1]!.entries = [];
    const { custom } = await renderLayout(layout, data);
    expect(custom(AWARDS)).toBeNull();
  });
});
