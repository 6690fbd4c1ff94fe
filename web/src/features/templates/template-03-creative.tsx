import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import type { EntryTheme } from './blocks/entries.tsx';
import { pageBackdrop } from './blocks/page-backdrop.tsx';
import { MAIN_COLUMNS, SIDEBARS, SUMMARY_UNDER_NAME, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { scoreLine, ratingBar } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';
import { cefrNote } from './blocks/ratings.tsx';

/** 03 Creative: a violet-to-fuchsia sidebar, playful headings, and a timeline in the main column. */
const sideHeading = 'mb-3 text-sm font-bold tracking-widest text-fuchsia-100 uppercase';
const timeline: EntryTheme = {
  root: 'relative border-l-2 border-violet-200 pb-1 pl-6',
  marker: (
    <span
      aria-hidden="true"
      className="absolute top-1 -left-[7px] size-3 rounded-full border-2 border-white bg-fuchsia-500 ring-2 ring-fuchsia-200"
    />
  ),
  title: 'font-bold text-slate-900',
  subtitle: 'text-sm font-semibold text-fuchsia-700',
  dates:
    'rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-800',
  body: 'mt-1.5 text-sm leading-relaxed text-slate-700',
  extra: 'mt-1 text-sm text-slate-500 italic',
  tag: 'rounded-md bg-fuchsia-50 px-2 py-0.5 text-xs text-fuchsia-800',
};

const theme: TemplateTheme = {
  photo: 'mx-auto size-36 rotate-2 rounded-3xl border-4 border-white/80 shadow-xl',
  photoPlaceholder: 'bg-fuchsia-300 text-4xl text-violet-900',
  name: 'bg-gradient-to-r from-violet-700 to-fuchsia-600 bg-clip-text text-4xl leading-tight font-black text-transparent',
  headline: 'mt-1 text-lg font-semibold text-violet-700',
  contact: { title: 'Say hello', className: 'space-y-2', iconClassName: 'text-fuchsia-200' },
  heading: {
    className:
      'mb-4 inline-flex items-center gap-2 text-xl font-black text-violet-800 after:h-1 after:w-10 after:rounded-full after:bg-fuchsia-400',
  },
  entry: timeline,
  entries: { people: { ...timeline, root: 'rounded-xl bg-violet-50 p-4', marker: null } },
  entryList: 'space-y-3',
  lists: { people: 'grid gap-3 sm:grid-cols-2' },
  lead: 'border-l-4 border-fuchsia-400 pl-4 text-[15px] leading-relaxed text-slate-700',
  details: { className: 'grid-cols-1 gap-y-0', label: 'mt-1.5 text-xs text-fuchsia-200' },
  ratings: {
    className: 'space-y-2.5',
    render: ratingBar({
      bar: {
        className: 'mt-1 h-2',
        trackClassName: 'bg-white/20',
        fillClassName: 'bg-gradient-to-r from-fuchsia-300 to-amber-200',
      },
    }),
  },
  scores: {
    className: 'space-y-2',
    render: scoreLine({
      name: 'font-semibold',
      line: 'block text-xs text-violet-200',
      text: (l) => (
        <>
          Read {l.read ?? '–'} · Write {l.write ?? '–'} · Speak {l.speak ?? '–'} (out of 5)
          {cefrNote(l)}
        </>
      ),
    }),
  },
  shortList: { as: 'tags', item: 'rounded-full bg-white/15 px-2.5 py-0.5' },
  accentList: {
    as: 'tags',
    className: 'text-sm',
    item: 'rounded-lg border-2 border-violet-200 px-3 py-1 font-semibold text-violet-800',
  },
};

const sidebar = 'bg-gradient-to-b from-violet-700 via-violet-800 to-fuchsia-800';

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template03,
  items: [
    // In print the sidebar's colour is the page's, top to foot of each page.
    pageBackdrop(`w-[13rem] ${sidebar}`),
    {
      as: 'aside',
      className: `space-y-7 ${sidebar} px-7 py-9 text-sm text-violet-50 print:bg-none`,
      heading: { className: sideHeading },
      items: SIDEBARS.template03,
    },
    {
      className: 'min-w-0 space-y-8 px-9 py-9 print:px-6',
      items: [
        { as: 'header', items: ['name', 'headline', SUMMARY_UNDER_NAME] },
        ...MAIN_COLUMNS.template03,
      ],
    },
  ],
};

export default defineTemplate({
  id: 'template03',
  className:
    'grid bg-white text-slate-800 sm:grid-cols-[16rem_1fr] print:grid-cols-[13rem_1fr] print:bg-transparent',
  theme,
  layout,
});
