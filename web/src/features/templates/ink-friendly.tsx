import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { DETAILS_UNDER_CONTACT, overview, titlesOf } from './blocks/layouts.ts';
import { RatingNumber, cefrNote } from './blocks/ratings.tsx';
import { scoreLine } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** Ink friendly: black on white, no fills, ratings as numbers (4/5, N/A), linkedin and website. */

/** A rating as "4/5" or "N/A", its own text node as the layout always printed it. */
const rating = (value: number | null) => <RatingNumber value={value} />;

const theme: TemplateTheme = {
  photo: 'size-28 border border-black grayscale',
  photoPlaceholder: false,
  name: 'text-3xl font-bold',
  headline: 'mt-1 text-base italic',
  headlineFromSummary: true,
  contact: {
    variant: 'labels',
    options: { addressParts: true },
    className: 'mt-3 grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2',
  },
  heading: {
    className: 'mb-2 border-b border-black pb-0.5 text-base font-bold tracking-wide uppercase',
  },
  lead: 'leading-relaxed',
  entry: {
    title: 'font-bold',
    subtitle: 'text-sm italic',
    dates: 'text-sm whitespace-nowrap',
    body: 'mt-1 text-sm leading-relaxed',
    extra: 'mt-1 text-sm',
    tag: 'text-sm after:content-[","] last:after:content-none',
    tags: 'gap-x-1 gap-y-0',
  },
  details: { className: 'text-sm sm:grid-cols-[auto_1fr_auto_1fr]' },
  ratings: {
    className: 'space-y-2',
    render: (s) => (
      <div className="flex justify-between gap-3 text-sm">
        <span>{s.name}</span>
        <RatingNumber value={s.level} className="font-semibold" />
      </div>
    ),
  },
  scores: {
    className: 'space-y-2',
    render: scoreLine({
      wrap: 'text-sm',
      name: 'font-semibold',
      line: 'block',
      text: (l) => (
        <>
          Read {rating(l.read)} · Write {rating(l.write)} · Speak {rating(l.speak)}
          {cefrNote(l)}
        </>
      ),
    }),
  },
  accentList: { as: 'bullets', className: 'list-disc text-sm' },
  shortList: { as: 'bullets', className: 'list-disc text-sm' },
};

const layout: TemplateLayout = {
  titles: titlesOf('ink-friendly'),
  items: [
    {
      as: 'header',
      className: 'flex items-start gap-6 border-b-2 border-black pb-4',
      items: [
        {
          className: 'min-w-0 flex-1',
          items: ['name', 'headline', 'contact', DETAILS_UNDER_CONTACT],
        },
        'photo',
      ],
    },
    { className: 'mt-5', items: [overview()] },
  ],
};

export default defineTemplate({
  id: 'ink-friendly',
  className: 'bg-white px-10 py-9 text-black print:p-0 print:[--spacing:0.2rem]',
  theme,
  layout,
});
