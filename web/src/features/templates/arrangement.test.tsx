import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTION_CATALOG } from 'virtual:section-catalog';
import { EMPTY_CV, SAMPLE_CV, buildCvData, type CvArrangement, type CvData } from '@vitae/core';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core/sections/index';
import { SECTION_KEYS_OF } from './blocks/arranged.ts';
import type { SectionId } from './blocks/section-blocks.tsx';
import { CvLayout } from './cv-layout.tsx';
import { INK_FRIENDLY_ID, TEMPLATES } from './registry.ts';

const LAYOUTS = [...TEMPLATES.map((t) => t.id), INK_FRIENDLY_ID] as string[];
/** Layouts whose sidebar heads the contact details with a title. */
const CONTACT_TITLED = ['template02', 'template03', 'template05'];

const arranged = (arrangement: Partial<CvArrangement>, data: CvData = SAMPLE_CV): CvData => ({
  ...data,
  arrangement: { order: [], hidden: [], titles: {}, ...arrangement },
});

async function renderLayout(layout: string, data: CvData) {
  const view = render(<CvLayout layout={layout} data={data} />);
  await waitFor(() => expect(view.container.querySelector('[data-cv-layout]')).not.toBeNull());
  const sections = [...view.container.querySelectorAll<HTMLElement>('[data-section]')];
  return { ...view, sections, ids: sections.map((s) => s.dataset.section as SectionId) };
}

/** Sections grouped by the area (parent element) holding them, each group in page order. */
function byArea(sections: HTMLElement[]): SectionId[][] {
  const areas = new Map<Element | null, SectionId[]>();
  for (const s of sections) {
    const list = areas.get(s.parentElement) ?? [];
    list.push(s.dataset.section as SectionId);
    areas.set(s.parentElement, list);
  }
  return [...areas.values()];
}

const rankIn = (order: readonly SectionKey[]) => (id: SectionId) =>
  Math.min(...SECTION_KEYS_OF[id].map((k) => order.indexOf(k)));

/** A section heading's title: its text without the template's decorations around it. */
const heading = (section: Element) =>
  [...section.querySelectorAll('h2 > span:not([aria-hidden])')]
    .map((s) => s.textContent)
    .find(Boolean);

// The templates place sections by the catalog the build inlines, not the registry (decision 0008 §0016).
describe('the build-time catalog the templates read', () => {
  it("gives each section's CvData field and empty value as the registry does, in its order", () => {
    expect(SECTION_CATALOG.map((entry) => entry.key)).toEqual(SECTION_KEYS);
    for (const entry of SECTION_CATALOG) {
      const field = SECTIONS[entry.key].cv.field;
      expect(entry.cvField, entry.key).toBe(field);
      expect(entry.cvEmpty, entry.key).toEqual(EMPTY_CV[field]);
    }
  });
});

describe.each(LAYOUTS)('%s follows the arrangement', (layout) => {
  it("orders the sections of each area by the user's order, each area keeping its sections", async () => {
    const before = await renderLayout(layout, SAMPLE_CV);
    before.unmount();
    const order = [...SECTION_KEYS].reverse();
    const after = await renderLayout(layout, arranged({ order }));
    const areasBefore = byArea(before.sections);
    const areasAfter = byArea(after.sections);
    // The same sections in the same areas...
    expect(areasAfter.map((a) => [...a].sort())).toEqual(areasBefore.map((a) => [...a].sort()));
    // ...each area sorted by the user's order, which reversed at least one area here.
    const rank = rankIn(order);
    for (const area of areasAfter) {
      expect(area).toEqual([...area].sort((x, y) => rank(x) - rank(y)));
    }
    expect(areasAfter).not.toEqual(areasBefore);
  });

  it('keeps the template order with an empty arrangement', async () => {
    const plain = await renderLayout(layout, SAMPLE_CV);
    const ids = plain.ids;
    plain.unmount();
    const fromStore = buildCvData({ ...SAMPLE_CV, arrangement: '{}' });
    expect((await renderLayout(layout, { ...SAMPLE_CV, ...fromStore })).ids).toEqual(ids);
  });

  it.each(SECTION_KEYS)('hides %s, and only it', async (key) => {
    const all = await renderLayout(layout, SAMPLE_CV);
    const ids = all.ids;
    all.unmount();
    const { ids: left, container } = await renderLayout(layout, arranged({ hidden: [key] }));
    // The one Education section stays while the other education fills it.
    const gone = ids.filter((id) => SECTION_KEYS_OF[id].every((k) => k === key));
    expect(left).toEqual(ids.filter((id) => !gone.includes(id)));
    if (key === 'contact-info') {
      expect(container).not.toHaveTextContent('thandiwe.mokoena@example.com');
    } else {
      expect(container).toHaveTextContent('thandiwe.mokoena@example.com');
    }
    // The name stays in the header whatever is hidden.
    expect(container.querySelector('h1')).toHaveTextContent('Thandiwe Nomsa Mokoena');
  });

  it('hides every section but keeps the header', async () => {
    const { ids, container } = await renderLayout(layout, arranged({ hidden: [...SECTION_KEYS] }));
    expect(ids).toEqual([]);
    expect(container.querySelector('h1')).toHaveTextContent('Thandiwe Nomsa Mokoena');
  });

  it("heads each section with the user's title", async () => {
    const titles = Object.fromEntries(SECTION_KEYS.map((k) => [k, `Mine: ${k}`]));
    const { sections, container } = await renderLayout(layout, arranged({ titles }));
    for (const section of sections) {
      const id = section.dataset.section as SectionId;
      const keys = SECTION_KEYS_OF[id];
      // Both educations fill the one Education section, titled differently: the template's.
      const expected = keys.length === 1 ? `Mine: ${keys[0]}` : 'Education';
      expect(heading(section), id).toBe(expected);
      expect(section).toHaveAccessibleName(expected);
    }
    if (CONTACT_TITLED.includes(layout)) {
      expect(container).toHaveTextContent('Mine: contact-info');
    }
  });
});

describe('the one Education section of 09, 10 and ink-friendly', () => {
  const layouts = ['template09', 'template10', INK_FRIENDLY_ID];
  const education = (c: HTMLElement) => heading(c.querySelector('[data-section="education"]')!);

  it.each(layouts)('%s takes the title of the education that fills it alone', async (layout) => {
    const titles = { 'tertiary-education': 'Degrees', 'secondary-education': 'School' };
    const onlyTertiary = arranged({ titles }, { ...SAMPLE_CV, secondEdu: [] });
    expect(education((await renderLayout(layout, onlyTertiary)).container)).toBe('Degrees');
  });

  it.each(layouts)('%s takes the title both share, or hides the hidden one', async (layout) => {
    const same = { 'tertiary-education': 'Learning', 'secondary-education': 'Learning' };
    const a = await renderLayout(layout, arranged({ titles: same }));
    expect(education(a.container)).toBe('Learning');
    a.unmount();
    const b = await renderLayout(
      layout,
      arranged({
        hidden: ['secondary-education'],
        titles: { 'tertiary-education': 'Degrees' },
      }),
    );
    expect(education(b.container)).toBe('Degrees');
    expect(b.container).not.toHaveTextContent(SAMPLE_CV.secondEdu[0]!.schoolName);
    expect(b.container).toHaveTextContent(SAMPLE_CV.tertEdus[0]!.instituteName);
  });
});
