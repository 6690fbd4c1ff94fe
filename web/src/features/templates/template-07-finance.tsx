import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import type { EntryTheme } from './blocks/entries.tsx';
import { historyFirst, photoHeader, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 07 Finance: navy and gold, a ledger-like date column, and proficiency bars. */
const serif = { fontFamily: "Georgia, 'Times New Roman', serif" };
const ledger: EntryTheme = {
  root: 'grid gap-x-5 sm:grid-cols-[8.5rem_1fr]',
  head: 'contents',
  title: 'font-semibold text-[#0b2545] sm:col-start-2 sm:row-start-1',
  dates:
    'text-xs font-semibold tracking-wide whitespace-nowrap text-amber-700 uppercase sm:col-start-1 sm:row-span-4 sm:row-start-1 sm:pt-1',
  subtitle: 'text-sm font-medium text-slate-600 sm:col-start-2',
  body: 'mt-1 text-sm leading-relaxed text-slate-700 sm:col-start-2',
  extra: 'mt-1 text-sm text-slate-500 italic sm:col-start-2',
  tags: 'sm:col-start-2',
  tag: 'rounded-sm bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700',
};

function Bar({ label, value }: { label: string; value: number | null }) {
  if (value === null) return null;
  return (
    <div className="grid grid-cols-[4.6rem_1fr_2rem] items-center gap-2 text-xs text-slate-500">
      <span>{label}</span>
      <RatingBar
        value={value}
        className="h-2 rounded-none"
        trackClassName="bg-slate-200 rounded-none"
        fillClassName="bg-[#13315c] rounded-none"
      />
      <span className="text-right tabular-nums">{value ?? '–'}/5</span>
    </div>
  );
}

const theme: TemplateTheme = {
  photo: 'size-24 border-2 border-amber-500',
  photoPlaceholder: 'bg-[#13315c] text-2xl text-amber-300',
  name: 'text-3xl font-semibold tracking-wide',
  nameStyle: serif,
  headline: 'mt-1 text-base tracking-wide text-amber-300',
  contact: {
    className: 'mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-200 sm:grid-cols-2',
    iconClassName: 'text-amber-400',
  },
  heading: {
    className:
      'mb-3 border-b-2 border-amber-600 pb-1 font-serif text-lg font-semibold text-[#0b2545]',
  },
  entry: ledger,
  entries: {
    people: {
      ...ledger,
      root: 'border-l-4 border-[#13315c] bg-slate-50 px-4 py-3',
      head: undefined,
      title: 'font-semibold text-[#0b2545]',
      subtitle: 'text-sm text-slate-600',
      body: 'mt-1 text-sm',
    },
  },
  lists: { people: 'grid gap-3 sm:grid-cols-2' },
  lead: 'leading-relaxed text-slate-700',
  details: { className: 'text-sm', label: 'text-slate-500', licence: 'Valid' },
  ratings: {
    className: 'space-y-2',
    render: (s) => (
      <>
        <span className="text-sm font-medium text-[#0b2545]">{s.name}</span>
        <Bar label={s.label || 'Level'} value={s.level} />
      </>
    ),
  },
  scores: {
    className: 'space-y-3',
    render: (l) => (
      <>
        <span className="text-sm font-medium text-[#0b2545]">{l.name}</span>
        <Bar label="Read" value={l.read} />
        <Bar label="Write" value={l.write} />
        <Bar label="Speak" value={l.speak} />
        {l.cefr && <span className="text-xs text-slate-500">CEFR {l.cefr}</span>}
      </>
    ),
  },
  accentList: { as: 'inline', className: 'text-sm' },
  shortList: { as: 'inline', className: 'text-sm' },
};

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template07,
  items: [
    photoHeader(
      'flex items-center gap-6 border-b-4 border-amber-600 bg-[#0b2545] px-10 py-7 text-white',
    ),
    historyFirst('space-y-7 px-10 py-8', 'grid gap-7 sm:grid-cols-2'),
  ],
};

export default defineTemplate({
  id: 'template07',
  className: 'bg-white text-slate-800',
  theme,
  layout,
});
