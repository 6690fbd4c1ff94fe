import { formatLongDate } from '@vitae/core/dates';
import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { CvPhoto } from './blocks/cv-header.tsx';
import type { EntryTheme } from './blocks/entries.tsx';
import { RichText } from '../rich-text/index.ts';
import { MAIN_COLUMNS, SIDEBARS, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { RatingNumber, cefrNote } from './blocks/ratings.tsx';
import { scoreLine } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 06 Newspaper: newsprint, a masthead with today's date, serif type, ruled columns. */
const serif = { fontFamily: "Georgia, 'Times New Roman', Times, serif" };
const story: EntryTheme = {
  root: 'border-b border-stone-300 pb-3 last:border-0',
  head: '',
  title: 'text-lg leading-snug font-bold text-stone-900',
  subtitle: 'text-sm text-stone-700 italic',
  dates: 'text-xs tracking-wider text-stone-500 uppercase',
  datesBelow: true,
  body: 'mt-1 text-justify text-sm leading-snug text-stone-800 hyphens-auto',
  extra: 'mt-1 text-sm text-stone-600 italic',
  tag: 'text-xs text-stone-700 after:content-[","] last:after:content-none',
  tags: 'gap-x-1 gap-y-0',
};

const theme: TemplateTheme = {
  name: 'my-3 text-5xl leading-none font-black tracking-tight uppercase sm:text-6xl',
  headline: 'mb-3 -mt-1 text-lg italic',
  contact: {
    variant: 'plain',
    className: 'flex flex-wrap justify-center gap-x-4 text-xs italic',
  },
  heading: {
    className:
      'mb-2 border-y-2 border-stone-900 py-0.5 text-center text-sm font-bold tracking-[0.2em] text-stone-900 uppercase',
  },
  entry: story,
  entries: { people: { ...story, body: 'mt-1 text-sm text-stone-800' } },
  entryList: 'space-y-3',
  lists: { people: 'grid gap-3 sm:grid-cols-2' },
  // The photo runs beside the lead paragraph, which opens with a drop cap.
  lead: (text, data) => (
    <div className="flex gap-4">
      <CvPhoto
        data={data}
        placeholder={false}
        className="h-32 w-28 shrink-0 border border-stone-900 grayscale sepia-[.3]"
      />
      <RichText
        value={text}
        className="text-justify text-[15px] leading-snug first-letter:float-left first-letter:mr-1.5 first-letter:text-5xl first-letter:leading-[0.85] first-letter:font-black"
      />
    </div>
  ),
  details: {
    className: 'grid-cols-1 gap-y-0',
    label: 'mt-1 text-xs tracking-wider text-stone-500 uppercase',
  },
  ratings: {
    className: 'divide-y divide-dotted divide-stone-400',
    item: 'flex justify-between gap-2 py-1',
    render: (s) => (
      <>
        <span>{s.name}</span>
        <RatingNumber value={s.level} className="font-bold" />
      </>
    ),
  },
  scores: {
    className: 'space-y-1.5',
    render: scoreLine({
      name: 'font-bold',
      line: 'block text-xs text-stone-600 italic',
      text: (l) => (
        <>
          Reads {l.read ?? '–'}/5, writes {l.write ?? '–'}/5, speaks {l.speak ?? '–'}/5
          {cefrNote(l, ', ')}
        </>
      ),
    }),
  },
  accentList: {
    as: 'bullets',
    marker: '■',
    item: 'text-sm [&>span:first-child]:text-[8px] [&>span:first-child]:leading-5',
  },
  shortList: { as: 'inline', className: 'italic' },
};

/** The masthead line, dated today. */
function Masthead() {
  return (
    <div className="flex items-center justify-between border-b border-stone-900 pb-1 text-[11px] tracking-widest uppercase">
      <span>The Curriculum Vitae</span>
      <time data-testid="newspaper-date">{formatLongDate(new Date())}</time>
      <span>Special Edition</span>
    </div>
  );
}

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template06,
  items: [
    {
      as: 'header',
      className: 'text-center',
      items: [
        Masthead,
        'name',
        'headline',
        { className: 'border-y-4 border-double border-stone-900 py-1', items: ['contact'] },
      ],
    },
    {
      className: 'mt-5 grid gap-6 sm:grid-cols-[1fr_14rem]',
      items: [
        {
          className: 'min-w-0 space-y-5',
          items: MAIN_COLUMNS.template06,
        },
        {
          as: 'aside',
          className: 'space-y-5 text-sm sm:border-l sm:border-stone-400 sm:pl-5',
          items: SIDEBARS.template06,
        },
      ],
    },
  ],
};

export default defineTemplate({
  id: 'template06',
  className: 'bg-[#f6f1e4] px-9 py-8 text-stone-900',
  style: serif,
  theme,
  layout,
});
