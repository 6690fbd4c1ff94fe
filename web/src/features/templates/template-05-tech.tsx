import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { MAIN_COLUMNS, SIDEBARS, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { pageBackdrop } from './blocks/page-backdrop.tsx';
import { RatingBlocks, cefrNote } from './blocks/ratings.tsx';
import { scoreLine } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 05 Tech: a terminal-dark sidebar, monospace accents, skills as level blocks (none when unrated). */
const prompt = (
  <span aria-hidden="true" className="mr-1.5 text-emerald-400">
    $
  </span>
);
const sideHeading = 'mb-2.5 font-mono text-xs font-bold tracking-wider text-emerald-300 uppercase';

const theme: TemplateTheme = {
  photo: 'size-28 rounded-md border-2 border-emerald-400',
  photoPlaceholder: 'bg-slate-800 font-mono text-3xl text-emerald-300',
  name: 'font-mono text-3xl font-bold tracking-tight text-slate-900',
  headline: 'mt-1 font-mono text-base text-emerald-700',
  contact: { title: 'contact', className: 'space-y-1.5', iconClassName: 'text-emerald-400' },
  heading: {
    className: 'mb-3 flex items-center font-mono text-base font-bold text-slate-900',
    before: (
      <span aria-hidden="true" className="mr-2 text-emerald-600">
        {'//'}
      </span>
    ),
  },
  entry: {
    root: 'rounded-md border border-slate-200 p-3.5',
    title: 'font-semibold text-slate-900',
    subtitle: 'font-mono text-sm text-emerald-700',
    dates: 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-600',
    body: 'mt-1.5 text-sm leading-relaxed text-slate-700',
    extra: 'mt-1 text-sm text-slate-500',
    tag: 'rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs text-emerald-800',
  },
  entryList: 'space-y-3',
  lists: { people: 'grid gap-3 sm:grid-cols-2' },
  lead: 'text-[15px] leading-relaxed text-slate-700',
  details: {
    className: 'grid-cols-1 gap-y-0',
    label: 'mt-1 font-mono text-xs text-slate-500',
    value: 'text-slate-200',
  },
  ratings: {
    className: 'space-y-2.5',
    render: (s) => (
      <>
        <span className="block text-slate-100">{s.name}</span>
        {/* An unrated skill shows no blocks: a default level would be a made-up fact. */}
        {s.level !== null && (
          <RatingBlocks value={s.level} onClassName="bg-emerald-400" offClassName="bg-slate-700" />
        )}
      </>
    ),
  },
  scores: {
    className: 'space-y-1.5 font-mono text-xs',
    render: scoreLine({
      name: 'text-slate-100',
      line: 'block text-slate-400',
      text: (l) => (
        <>
          r:{l.read ?? '-'} w:{l.write ?? '-'} s:{l.speak ?? '-'} /5{cefrNote(l, ' ')}
        </>
      ),
    }),
  },
  shortList: { as: 'bullets', marker: <span className="text-emerald-400">›</span> },
  accentList: {
    as: 'tags',
    className: 'font-mono text-sm',
    item: 'rounded border border-slate-300 px-2 py-0.5',
  },
};

function Whoami() {
  return (
    <p aria-hidden="true" className="font-mono text-xs text-emerald-700">
      ~/cv $ whoami
    </p>
  );
}

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template05,
  items: [
    // The sidebar's colour down to the foot of every printed page.
    pageBackdrop('w-[13rem] bg-slate-900'),
    {
      as: 'aside',
      className: 'space-y-7 bg-slate-900 px-6 py-8 text-sm text-slate-300',
      heading: { className: sideHeading, before: prompt },
      items: SIDEBARS.template05,
    },
    {
      className: 'min-w-0 space-y-7 px-8 py-8 print:px-6',
      items: [{ as: 'header', items: [Whoami, 'name', 'headline'] }, ...MAIN_COLUMNS.template05],
    },
  ],
};

export default defineTemplate({
  id: 'template05',
  className:
    'grid bg-white text-slate-800 sm:grid-cols-[15rem_1fr] print:grid-cols-[13rem_1fr] print:[--spacing:0.2rem]',
  theme,
  layout,
});
