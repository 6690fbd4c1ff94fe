import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { DETAILS_AFTER_SUMMARY, overview, titlesOf } from './blocks/layouts.ts';
import { greyScoreLine, ratingBar } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/**
 * 09 Industrial: charcoal and safety yellow, hazard stripes, heavy condensed headings; personal
 * details follow the overview.
 */
const condensed = {
  fontFamily: "'Arial Narrow', 'Roboto Condensed', 'Helvetica Neue', Arial, sans-serif",
};
const stripes = {
  backgroundImage: 'repeating-linear-gradient(-45deg, #facc15 0 12px, #1c1917 12px 24px)',
};
const list = 'list-[square] text-sm marker:text-yellow-500';
const theme: TemplateTheme = {
  photo: 'size-32 border-4 border-yellow-400',
  photoPlaceholder: 'bg-stone-700 text-4xl text-yellow-400',
  name: 'text-4xl leading-none font-black tracking-tight text-white uppercase',
  headline: 'mt-2 text-lg font-bold text-yellow-400',
  headlineFromSummary: true,
  contact: {
    variant: 'labels',
    options: { addressParts: true },
    className:
      'mt-4 grid gap-x-6 gap-y-0.5 text-xs text-stone-300 sm:grid-cols-2 [&_span.font-semibold]:text-yellow-400',
  },
  heading: {
    className:
      'mb-3 flex items-center gap-2 bg-stone-800 px-3 py-1 text-sm font-extrabold tracking-[0.18em] text-yellow-400 uppercase',
    before: <span aria-hidden="true" className="size-2.5 bg-yellow-400" />,
  },
  details: {
    className: 'text-sm sm:grid-cols-[auto_1fr_auto_1fr]',
    label: 'font-bold text-stone-900',
  },
  lead: 'border-l-8 border-yellow-400 pl-4 text-[15px] leading-relaxed text-stone-700',
  entry: {
    root: 'border-b border-dashed border-stone-300 pb-3 last:border-0',
    title: 'font-extrabold tracking-wide text-stone-900 uppercase',
    subtitle: 'text-sm font-semibold text-stone-600',
    dates: 'bg-yellow-400 px-1.5 text-xs font-bold whitespace-nowrap text-stone-900',
    body: 'mt-1 text-sm leading-relaxed text-stone-700',
    extra: 'mt-1 text-sm text-stone-500',
    tag: 'border border-stone-400 px-1.5 text-xs text-stone-700',
  },
  ratings: {
    className: 'space-y-2',
    render: ratingBar({
      row: 'flex justify-between text-sm font-semibold',
      note: 'level',
      noteClassName: 'text-xs text-stone-500',
      bar: {
        className: 'mt-1 h-2.5 rounded-none',
        trackClassName: 'bg-stone-300 rounded-none',
        fillClassName: 'rounded-none bg-yellow-400',
      },
    }),
  },
  scores: {
    className: 'space-y-2',
    render: greyScoreLine('font-semibold'),
  },
  accentList: { as: 'bullets', className: list },
  shortList: { as: 'bullets', className: list },
};

/** Hazard tape along the top and bottom edges. */
function Stripes() {
  return <div aria-hidden="true" className="h-3" style={stripes} />;
}

const layout: TemplateLayout = {
  titles: titlesOf('template09'),
  items: [
    Stripes,
    {
      as: 'header',
      className: 'grid gap-6 bg-stone-900 px-9 py-7 text-stone-100 sm:grid-cols-[1fr_auto]',
      items: [
        { className: 'min-w-0', style: condensed, items: ['name', 'headline', 'contact'] },
        'photo',
      ],
    },
    { className: 'px-9 py-7', items: [overview(DETAILS_AFTER_SUMMARY)] },
    Stripes,
  ],
};

export default defineTemplate({
  id: 'template09',
  className: 'bg-stone-100 text-stone-800',
  theme,
  layout,
});
