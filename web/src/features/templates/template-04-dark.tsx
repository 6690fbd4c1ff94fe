import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { detailsFirst, photoHeader, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { pageBackdrop } from './blocks/page-backdrop.tsx';
import { ratingBar } from './blocks/renderers.tsx';
import type { ScoredItem, TemplateTheme } from './blocks/theme.ts';

/** 04 Dark: near-black paper, amber accents; additional experience is labelled "Projects". */
function ScoreTable({ rows }: { rows: ScoredItem[] }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left font-mono text-xs text-zinc-500">
          {['Language', 'Read', 'Write', 'Speak', 'CEFR'].map((label) => (
            <th key={label} className="pb-1 font-normal">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((l) => (
          <tr key={l._id} className="cv-entry border-t border-zinc-800">
            <td className="py-1">{l.name}</td>
            {[l.read, l.write, l.speak].map((rating, i) => (
              <td key={i} className="font-mono text-amber-300">
                {rating ?? '–'}/5
              </td>
            ))}
            <td className="font-mono text-amber-300">{l.cefr ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const theme: TemplateTheme = {
  photo: 'size-24 rounded-2xl ring-2 ring-amber-400 ring-offset-4 ring-offset-zinc-950',
  photoPlaceholder: 'bg-zinc-800 text-3xl text-amber-400',
  name: 'text-4xl font-bold tracking-tight text-white',
  headline: 'mt-1 text-lg text-amber-300',
  contact: {
    className: 'mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-400',
    iconClassName: 'text-amber-400',
  },
  heading: {
    className:
      'mb-4 flex items-center gap-3 text-sm font-bold tracking-[0.25em] text-amber-400 uppercase after:h-px after:flex-1 after:bg-zinc-700',
  },
  entry: {
    root: 'rounded-lg border border-zinc-800 bg-zinc-900/70 p-4',
    title: 'font-semibold text-zinc-50',
    subtitle: 'text-sm text-amber-300/90',
    dates: 'font-mono text-xs whitespace-nowrap text-zinc-400',
    body: 'mt-2 text-sm leading-relaxed text-zinc-300',
    extra: 'mt-1 text-sm text-zinc-400 italic',
    tag: 'rounded border border-zinc-700 px-2 py-0.5 text-xs text-zinc-300',
  },
  entryList: 'space-y-3',
  lists: { people: 'grid gap-3 sm:grid-cols-2' },
  lead: 'text-[15px] leading-relaxed text-zinc-300',
  details: {
    className: 'text-sm sm:grid-cols-[auto_1fr_auto_1fr]',
    label: 'text-zinc-500',
    value: 'text-zinc-200',
  },
  ratings: {
    className: 'space-y-2.5 text-sm',
    render: ratingBar({
      row: 'flex justify-between',
      note: 'level',
      noteClassName: 'font-mono text-xs text-zinc-500',
      bar: { className: 'mt-1', trackClassName: 'bg-zinc-800', fillClassName: 'bg-amber-400' },
    }),
  },
  scores: (rows) => <ScoreTable rows={rows} />,
  shortList: {
    as: 'tags',
    className: 'text-sm',
    item: 'rounded-full bg-zinc-800 px-3 py-0.5 text-zinc-200',
  },
  accentList: {
    as: 'tags',
    className: 'text-sm',
    item: 'rounded-full border border-amber-400/50 px-3 py-0.5 text-amber-200',
  },
};

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template04,
  items: [
    // The dark paper on every printed page, down to the foot of the last.
    pageBackdrop('right-0 bg-zinc-950'),
    photoHeader('flex flex-wrap items-center gap-6 border-b border-zinc-800 pb-8'),
    detailsFirst('mt-8 space-y-8', 'grid gap-8 sm:grid-cols-2'),
  ],
};

export default defineTemplate({
  id: 'template04',
  className: 'bg-zinc-950 px-10 py-10 text-zinc-200',
  theme,
  layout,
});
