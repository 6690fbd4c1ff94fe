import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { INFORMATION_AFTER_SUMMARY, overview, titlesOf } from './blocks/layouts.ts';
import { greyScoreLine, ratingBar } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 10 Agriculture: field greens and wheat, soft rounded panels, a personal-information block. */
const list = 'list-disc text-sm marker:text-lime-600';
const theme: TemplateTheme = {
  photo: 'size-28 rounded-full border-4 border-amber-200',
  photoPlaceholder: 'bg-green-700 text-3xl text-amber-100',
  name: 'text-3xl font-bold tracking-tight text-white',
  headline: 'mt-1 text-amber-200',
  headlineFromSummary: true,
  contact: {
    options: { addressParts: true },
    variant: 'labels',
    className:
      'relative mt-5 grid gap-x-6 gap-y-0.5 text-xs text-green-100 sm:grid-cols-[1.4fr_1fr_1fr] [&_span.font-semibold]:text-amber-200',
  },
  heading: {
    className:
      'mb-3 flex items-center gap-2 border-b-2 border-lime-600/40 pb-1 text-lg font-bold text-green-900',
    before: (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4 text-lime-600"
        fill="currentColor"
      >
        <path d="M20 4C9 4 4 9.5 4 16c0 1.4.3 2.7.8 4 1-4.5 4.2-8.2 9.2-10-4 2.6-6.6 6-7.5 10.4C15.6 20.2 20 14 20 4z" />
      </svg>
    ),
  },
  lead: 'rounded-xl bg-amber-50 p-4 leading-relaxed text-stone-700',
  entry: {
    root: 'rounded-lg border border-green-900/10 bg-white/70 p-3.5',
    title: 'font-semibold text-green-950',
    subtitle: 'text-sm text-green-800',
    dates: 'rounded-full bg-lime-100 px-2 text-xs font-medium whitespace-nowrap text-green-900',
    body: 'mt-1 text-sm leading-relaxed text-stone-700',
    extra: 'mt-1 text-sm text-stone-500 italic',
    tag: 'rounded-full bg-amber-100 px-2 text-xs text-amber-900',
  },
  details: {
    className: 'text-sm sm:grid-cols-[auto_1fr_auto_1fr]',
    label: 'font-semibold text-green-900',
  },
  ratings: {
    className: 'space-y-2',
    render: ratingBar({
      row: 'flex justify-between text-sm',
      name: 'font-medium',
      note: 'label',
      noteClassName: 'text-xs text-stone-500',
      bar: {
        className: 'mt-1 h-2',
        trackClassName: 'bg-lime-100',
        fillClassName: 'bg-gradient-to-r from-lime-500 to-green-700',
      },
    }),
  },
  scores: {
    className: 'space-y-2',
    render: greyScoreLine('font-medium'),
  },
  accentList: { as: 'bullets', className: list },
  shortList: { as: 'bullets', className: list },
};
/** A sun low over the field, behind the header. */
function Sun() {
  return (
    <div
      aria-hidden="true"
      className="absolute -right-10 -bottom-16 size-56 rounded-full bg-lime-500/20"
    />
  );
}

/** The wheat-to-green band under the header. */
function Band() {
  return (
    <div
      aria-hidden="true"
      className="h-2 bg-gradient-to-r from-amber-300 via-lime-500 to-green-700"
    />
  );
}

const layout: TemplateLayout = {
  titles: titlesOf('template10'),
  items: [
    {
      as: 'header',
      className:
        'relative overflow-hidden bg-gradient-to-br from-green-800 to-green-950 px-9 pt-8 pb-10 text-green-50',
      items: [
        Sun,
        {
          className: 'relative flex flex-wrap items-center gap-6',
          items: ['photo', { className: 'min-w-0 flex-1', items: ['name', 'headline'] }],
        },
        'contact',
      ],
    },
    Band,
    { className: 'px-9 py-7', items: [overview(INFORMATION_AFTER_SUMMARY)] },
  ],
};

export default defineTemplate({
  id: 'template10',
  className: 'bg-[#f7f5ec] text-stone-800',
  theme,
  layout,
});
