import type { LayoutItem, TemplateLayout } from './cv-body.tsx';
import type { SectionId } from './cv-section.tsx';

/** Layout parts several templates share. */

/** Work and study history, in the order templates 01–08 list it. */
export const HISTORY: SectionId[] = ['employment', 'experience', 'tertiary', 'secondary'];

/** A header with the photo beside the name, `extra` pieces and the contact list (01, 04, 07). */
export function photoHeader(className: string, extra: LayoutItem[] = []): LayoutItem {
  return {
    as: 'header',
    className,
    items: ['photo', { className: 'min-w-0 flex-1', items: ['name', ...extra, 'contact'] }],
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

export const OVERVIEW_TITLES: TemplateLayout['titles'] = {
  summary: 'Overview',
  experience: 'Work Experience',
  attributes: 'Personal Attributes',
};

/**
 * The body of templates 09, 10 and the ink-friendly layout: overview, work experience,
 * employment history, one education section, the short sections in two columns, references.
 * `afterSummary` adds sections right after the overview.
 */
export const overview = (afterSummary: SectionId[] = []) =>
  oneColumn(
    'space-y-6',
    ['summary', ...afterSummary, 'experience', 'employment', 'education'],
    'grid gap-6 sm:grid-cols-2',
    ['skills', 'languages', 'attributes', 'interests'],
  );
