import {
  CUSTOM_SECTIONS,
  HIDDEN_HEADING,
  type LayoutItem,
  type SectionSlot,
  type TemplateLayout,
} from './cv-body.tsx';
import type { SectionId } from './cv-section.tsx';
import { TEMPLATE_TITLES } from '@vitae/core/template-titles';
import { SECTION_FIELDS_OF } from './section-fields.ts';

/** Layout parts several templates share. */

/**
 * Work and study history, in the order templates 01–08 list it, then the sections the user
 * made (issue 30).
 */
export const HISTORY: LayoutItem[] = [
  'employment',
  'experience',
  'tertiary',
  'secondary',
  CUSTOM_SECTIONS,
];

/**
 * A header with the photo beside the name, `extra` pieces, the headline and the contact list
 * (01, 04, 07).
 */
export function photoHeader(className: string, extra: LayoutItem[] = []): LayoutItem {
  return {
    as: 'header',
    className,
    items: [
      'photo',
      { className: 'min-w-0 flex-1', items: ['name', ...extra, 'headline', 'contact'] },
    ],
  };
}

/** One column: `main` sections, then the `short` ones two to a row, then references. */
function oneColumn(body: string, main: LayoutItem[], grid: string, short: SectionId[]): LayoutItem {
  return { className: body, items: [...main, { className: grid, items: short }, 'references'] };
}

/** Templates 01 and 04: summary and personal details lead. */
export const detailsFirst = (body: string, grid: string) =>
  oneColumn(body, ['summary', 'personal-details', ...HISTORY], grid, [
    'skills',
    'languages',
    'interests',
    'attributes',
  ]);

/** Templates 07 and 08: the history follows the summary; personal details join the short sections. */
export const historyFirst = (body: string, grid: string) =>
  oneColumn(body, ['summary', ...HISTORY], grid, [
    'skills',
    'languages',
    'personal-details',
    'attributes',
    'interests',
  ]);

/**
 * A template's own section titles (core's, so the screening check knows them too), by the
 * blocks that show each section.
 */
export function titlesOf(template: keyof typeof TEMPLATE_TITLES): TemplateLayout['titles'] {
  const byField = TEMPLATE_TITLES[template];
  const titles: NonNullable<TemplateLayout['titles']> = {};
  for (const [id, fields] of Object.entries(SECTION_FIELDS_OF)) {
    const title = fields.length === 1 ? byField[fields[0]!] : undefined;
    if (title) titles[id as SectionId] = title;
  }
  return titles;
}

/**
 * The body of templates 09, 10 and the ink-friendly layout: overview, work experience,
 * employment history, one education section, the short sections in two columns, references.
 * `afterSummary` adds sections right after the overview.
 */
export const overview = (afterSummary: SectionId[] = []) =>
  oneColumn(
    'space-y-6',
    ['summary', ...afterSummary, 'experience', 'employment', 'education', CUSTOM_SECTIONS],
    'grid gap-6 sm:grid-cols-2',
    ['skills', 'languages', 'attributes', 'interests'],
  );

/**
 * Each template's section titles that differ from the blocks' defaults, and the list
 * arrangements a section has only in that template.
 */
export const TEMPLATE_SECTIONS = {
  template01: { titles: titlesOf('template01') },
  template02: { titles: titlesOf('template02') },
  template03: { titles: titlesOf('template03') },
  template04: {
    titles: titlesOf('template04'),
    lists: { experience: 'grid gap-3 sm:grid-cols-2' },
  },
  template06: {
    titles: titlesOf('template06'),
    lists: {
      employment:
        'gap-5 space-y-3 sm:columns-2 sm:[column-rule:1px_solid_#a8a29e] [&>*]:break-inside-avoid',
      experience: 'gap-5 space-y-3 sm:columns-2 [&>*]:break-inside-avoid',
    },
  },
  template05: { titles: titlesOf('template05') },
  template07: { titles: titlesOf('template07') },
  template08: { titles: titlesOf('template08') },
} satisfies Record<string, Pick<TemplateLayout, 'titles' | 'lists'>>;

/** The sidebar of the two-column templates, top to bottom. */
export const SIDEBARS = {
  template02: ['contact', 'personal-details', 'skills', 'languages', 'interests', 'attributes'],
  template03: ['photo', 'contact', 'personal-details', 'skills', 'languages', 'interests'],
  template05: ['photo', 'contact', 'skills', 'languages', 'personal-details', 'interests'],
  template06: ['personal-details', 'skills', 'languages', 'attributes', 'interests'],
} satisfies Record<string, LayoutItem[]>;

/** The main column of the two-column templates, after their header pieces. */
export const MAIN_COLUMNS = {
  template02: ['summary', ...HISTORY, 'references'],
  template03: [...HISTORY, 'attributes', 'references'],
  template05: ['summary', ...HISTORY, 'attributes', 'references'],
  template06: ['summary', ...HISTORY, 'references'],
} satisfies Record<string, LayoutItem[]>;

/** Template 03: the summary sits under the name, its heading for screen readers only. */
export const SUMMARY_UNDER_NAME: SectionSlot = {
  id: 'summary',
  className: 'mt-4',
  heading: HIDDEN_HEADING,
};

/** Ink-friendly: personal details sit under the contact lines, their heading for screen readers. */
export const DETAILS_UNDER_CONTACT: SectionSlot = {
  id: 'personal-details',
  className: 'mt-2',
  label: 'Personal details',
  heading: HIDDEN_HEADING,
};

/** Template 10 shows the personal information right after the overview. */
export const INFORMATION_AFTER_SUMMARY: SectionId[] = ['personal-information'];

/** Template 09 shows the personal details right after the overview. */
export const DETAILS_AFTER_SUMMARY: SectionId[] = ['personal-details'];
