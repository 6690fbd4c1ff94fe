import { defineTemplate, type TemplateLayout } from './blocks/cv-body.tsx';
import { Icon, type IconName } from './blocks/icons.tsx';
import { detailsFirst, photoHeader, TEMPLATE_SECTIONS } from './blocks/layouts.ts';
import { scoresText } from './blocks/ratings.tsx';
import { ratingBar } from './blocks/renderers.tsx';
import type { TemplateTheme } from './blocks/theme.ts';

/** 01 Modern: a deep slate header band, teal accents, and an icon beside every heading. */
function Badge({ icon }: { icon: IconName }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 items-center justify-center rounded-full bg-teal-600 text-white"
    >
      <Icon name={icon} className="size-4" />
    </span>
  );
}

/** The short teal rule under the name. */
function Rule() {
  return <div className="mt-1 h-1 w-16 rounded bg-teal-400" aria-hidden="true" />;
}

const theme: TemplateTheme = {
  photo: 'size-28 shrink-0 rounded-full border-4 border-teal-400',
  photoPlaceholder: 'bg-slate-700 text-3xl text-teal-200',
  name: 'text-3xl font-extrabold tracking-tight',
  headline: 'mt-2 text-lg font-medium text-teal-200',
  contact: {
    className: 'mt-4 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm text-slate-200 sm:grid-cols-2',
    iconClassName: 'text-teal-300',
  },
  heading: {
    className:
      'mb-3 flex items-center gap-2.5 text-base font-bold tracking-wide text-slate-900 uppercase',
    before: ({ icon }) => <Badge icon={icon} />,
  },
  entry: {
    root: 'border-l-2 border-teal-500/40 pl-4',
    title: 'font-semibold text-slate-900',
    subtitle: 'text-sm font-medium text-teal-700',
    dates: 'text-xs font-medium whitespace-nowrap text-slate-500',
    body: 'mt-1 text-sm leading-relaxed text-slate-700',
    extra: 'mt-1 text-sm text-slate-600 italic',
    tag: 'rounded-full bg-teal-50 px-2 py-0.5 text-xs text-teal-800',
  },
  lead: 'text-[15px] leading-relaxed text-slate-700',
  details: { className: 'text-sm', label: 'font-semibold text-slate-600' },
  ratings: {
    className: 'space-y-2.5',
    item: 'text-sm',
    render: ratingBar({
      row: 'flex justify-between gap-2',
      name: 'font-medium',
      note: 'label',
      noteClassName: 'text-xs text-slate-500',
      bar: { className: 'mt-1', fillClassName: 'bg-teal-500' },
    }),
  },
  scores: {
    className: 'space-y-2.5 text-sm',
    render: (l) => (
      <>
        <div className="flex justify-between gap-2">
          <span className="font-medium">{l.name}</span>
          <span className="text-xs text-slate-500">{l.label}</span>
        </div>
        <p className="text-xs text-slate-500">{scoresText(l)}</p>
      </>
    ),
  },
  shortList: {
    as: 'tags',
    className: 'text-sm',
    item: 'rounded-full border border-slate-300 px-2.5 py-0.5',
  },
  accentList: { as: 'tags', className: 'text-sm', item: 'rounded-full bg-slate-100 px-2.5 py-0.5' },
};

const layout: TemplateLayout = {
  ...TEMPLATE_SECTIONS.template01,
  items: [
    photoHeader('flex items-center gap-6 bg-slate-900 px-10 py-8 text-white', [Rule]),
    detailsFirst('space-y-7 px-10 py-8', 'grid gap-7 sm:grid-cols-2'),
  ],
};

export default defineTemplate({
  id: 'template01',
  className: 'bg-white font-sans text-slate-800',
  theme,
  layout,
});
