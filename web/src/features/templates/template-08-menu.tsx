import type { ReactNode } from 'react';
import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import type { EntryTheme } from './blocks/entries.tsx';
import { RichText } from '../rich-text/index.ts';
import { historyFirst, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { RatingStars } from './blocks/ratings.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 08 Menu: a bistro menu card: centred serif headings with ornaments, dotted leaders, stars. */
const serif = { fontFamily: "Georgia, 'Palatino Linotype', 'Book Antiqua', serif" };
const ornament = (
  <span aria-hidden="true" className="text-base text-rose-800/70">
    ❦
  </span>
);
const dish: EntryTheme = {
  head: 'flex items-baseline gap-2',
  title: 'shrink-0 font-bold text-stone-900',
  dates:
    "flex min-w-0 flex-1 items-baseline gap-2 text-sm whitespace-nowrap text-stone-600 italic before:flex-1 before:border-b-2 before:border-dotted before:border-stone-400 before:content-['']",
  subtitle: 'text-sm text-rose-900 italic',
  body: 'mt-1 text-sm leading-relaxed text-stone-700',
  extra: 'mt-1 text-sm text-stone-500 italic',
  tags: 'justify-center sm:justify-start',
  tag: 'text-xs text-stone-600 italic after:ml-1 after:content-["·"] last:after:content-none',
};

function Leader({ left, right }: { left: string; right: ReactNode }) {
  return (
    <div className="flex items-baseline gap-2">
      <span className="shrink-0">{left}</span>
      <span aria-hidden="true" className="flex-1 border-b-2 border-dotted border-stone-300" />
      <span className="shrink-0">{right}</span>
    </div>
  );
}

function Stars({ value }: { value: number | null }) {
  return (
    <RatingStars value={value} filledClassName="text-rose-800" emptyClassName="text-stone-300" />
  );
}

const theme: TemplateTheme = {
  photo: 'mx-auto mb-3 size-24 rounded-full border-4 border-[#fbf7ee] ring-2 ring-rose-900/50',
  photoPlaceholder: 'bg-rose-100 text-2xl text-rose-900',
  name: 'mt-1 text-4xl text-stone-900 italic',
  headline: 'mt-1 text-sm tracking-[0.2em] text-rose-900 uppercase',
  contact: {
    variant: 'plain',
    className:
      "mt-3 flex flex-wrap justify-center gap-x-3 text-sm text-stone-600 [&>li:not(:last-child)]:after:ml-3 [&>li:not(:last-child)]:after:content-['~']",
  },
  heading: {
    className: 'mb-4 flex items-center justify-center gap-3 text-2xl text-rose-900 italic',
    before: ornament,
    after: ornament,
  },
  entry: dish,
  entries: {
    people: { ...dish, root: 'text-center', head: '', title: 'font-bold text-stone-900' },
  },
  lists: { work: 'space-y-5' },
  lead: (text) => (
    <RichText
      value={text}
      quoted
      className="mx-auto max-w-prose text-center leading-relaxed text-stone-700 italic"
    />
  ),
  details: { className: 'text-sm', label: 'text-stone-500 italic' },
  ratings: {
    className: 'space-y-1.5 text-sm',
    render: (s) => <Leader left={s.name} right={<Stars value={s.level} />} />,
  },
  scores: {
    className: 'space-y-2 text-sm',
    render: (l) => (
      <>
        <span className="font-bold">{l.name}</span>
        {(['read', 'write', 'speak'] as const).map((scale) => (
          <Leader
            key={scale}
            left={scale[0]!.toUpperCase() + scale.slice(1)}
            right={<Stars value={l[scale]} />}
          />
        ))}
        {l.cefr && <Leader left="CEFR" right={l.cefr} />}
      </>
    ),
  },
  accentList: { as: 'inline', className: 'text-center text-sm italic' },
  shortList: { as: 'inline', className: 'text-center text-sm italic' },
};

function Special() {
  return (
    <p aria-hidden="true" className="text-xs tracking-[0.4em] text-stone-500 uppercase">
      Today's special
    </p>
  );
}

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template08,
  items: [
    {
      className: 'border-4 border-double border-rose-900/60 px-8 py-8',
      items: [
        {
          as: 'header',
          className: 'text-center',
          items: ['photo', Special, 'name', 'headline', 'contact'],
        },
        historyFirst('mt-8 space-y-8', 'grid gap-8 sm:grid-cols-2'),
      ],
    },
  ],
};

export default defineTemplate({
  id: 'template08',
  className: 'bg-[#fbf7ee] p-6 text-stone-800',
  style: serif,
  theme,
  layout,
});
