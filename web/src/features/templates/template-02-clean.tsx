import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { MAIN_COLUMNS, SIDEBARS, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { scoresText } from './blocks/ratings.tsx';
import { scoreLine, ratingBar } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 02 Clean: quiet two-column layout, hairline rules, small-caps headings, lots of white. */
const heading =
  'mb-3 border-b border-slate-200 pb-1 text-xs font-semibold tracking-[0.2em] text-slate-500 uppercase';
const theme: TemplateTheme = {
  photo: 'size-20 rounded-full grayscale-[20%]',
  photoPlaceholder: false,
  name: 'text-4xl font-light tracking-tight text-slate-900',
  headline: 'mt-1 text-slate-500',
  contact: {
    title: 'Contact',
    className: 'space-y-1.5 text-slate-700',
    iconClassName: 'text-slate-400',
  },
  heading: { className: heading },
  entry: {
    title: 'font-semibold text-slate-900',
    subtitle: 'text-sm text-slate-600',
    dates: 'text-xs whitespace-nowrap text-slate-400',
    body: 'mt-1 text-sm leading-relaxed text-slate-700',
    extra: 'mt-1 text-sm text-slate-500',
    tag: 'text-xs text-slate-600 after:ml-1.5 after:text-slate-300 after:content-["/"] last:after:content-none',
    tags: 'gap-x-1.5 gap-y-0',
  },
  lists: { work: 'space-y-5' },
  lead: 'leading-relaxed text-slate-700',
  details: {
    className: 'grid-cols-1 gap-y-0',
    label: 'mt-1.5 text-xs text-slate-400',
    value: 'text-slate-700',
  },
  ratings: {
    className: 'space-y-2',
    render: ratingBar({
      name: 'text-slate-700',
      bar: { className: 'mt-1 h-1', trackClassName: 'bg-slate-100', fillClassName: 'bg-slate-500' },
    }),
  },
  scores: {
    className: 'space-y-1.5',
    render: scoreLine({
      name: 'text-slate-700',
      line: 'block text-xs text-slate-400',
      // The level word, then the read/write/speak scores the owner gave, on a line of their own.
      text: (l) => (
        <>
          {l.label}
          <span className="block" data-testid="language-ratings">
            {scoresText(l)}
          </span>
        </>
      ),
    }),
  },
  shortList: { as: 'bullets', className: 'text-slate-700', marker: '–' },
  accentList: { as: 'bullets', className: 'text-slate-700', marker: '–' },
};

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template02,
  items: [
    {
      as: 'header',
      className: 'flex items-center gap-6 border-b border-slate-300 pb-6',
      items: ['photo', { items: ['name', 'headline'] }],
    },
    {
      className: 'mt-8 grid gap-8 sm:grid-cols-[13rem_1fr]',
      items: [
        {
          as: 'aside',
          className: 'space-y-7 text-sm',
          items: SIDEBARS.template02,
        },
        { className: 'min-w-0 space-y-7', items: MAIN_COLUMNS.template02 },
      ],
    },
  ],
};

export default defineTemplate({
  id: 'template02',
  className: 'bg-white px-10 py-10 text-slate-800',
  theme,
  layout,
});
