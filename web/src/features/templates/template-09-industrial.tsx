import { titleFromSummary } from '@vitae/core/dates';
import { CvSheet } from './blocks/cv-sheet.tsx';
import { ContactList, CvPhoto } from './blocks/cv-header.tsx';
import { OverviewBody, type OverviewTheme } from './blocks/overview-body.tsx';
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 09 Industrial: charcoal and safety yellow, hazard stripes, heavy condensed headings. */
const condensed = {
  fontFamily: "'Arial Narrow', 'Roboto Condensed', 'Helvetica Neue', Arial, sans-serif",
};
const stripes = {
  backgroundImage: 'repeating-linear-gradient(-45deg, #facc15 0 12px, #1c1917 12px 24px)',
};
const theme: OverviewTheme = {
  heading:
    'mb-3 flex items-center gap-2 bg-stone-800 px-3 py-1 text-sm font-extrabold tracking-[0.18em] text-yellow-400 uppercase',
  before: <span aria-hidden="true" className="size-2.5 bg-yellow-400" />,
  summary: 'border-l-8 border-yellow-400 pl-4 text-[15px] leading-relaxed text-stone-700',
  list: 'list-[square] text-sm marker:text-yellow-500',
  entry: {
    root: 'border-b border-dashed border-stone-300 pb-3 last:border-0',
    title: 'font-extrabold tracking-wide text-stone-900 uppercase',
    subtitle: 'text-sm font-semibold text-stone-600',
    dates: 'bg-yellow-400 px-1.5 text-xs font-bold whitespace-nowrap text-stone-900',
    body: 'mt-1 text-sm leading-relaxed text-stone-700',
    extra: 'mt-1 text-sm text-stone-500',
    tag: 'border border-stone-400 px-1.5 text-xs text-stone-700',
  },
};

export default function Template09Industrial({ data }: TemplateProps) {
  const name = data.personalInfo?.fullName ?? '';
  const title = titleFromSummary(data.personalSummary?.summary);
  return (
    <CvSheet layout="template09" className="bg-stone-100 text-stone-800">
      <div aria-hidden="true" className="h-3" style={stripes} />
      <header className="grid gap-6 bg-stone-900 px-9 py-7 text-stone-100 sm:grid-cols-[1fr_auto]">
        <div className="min-w-0" style={condensed}>
          {name && (
            <h1 className="text-4xl leading-none font-black tracking-tight text-white uppercase">
              {name}
            </h1>
          )}
          {title && <p className="mt-2 text-lg font-bold text-yellow-400">{title}</p>}
          <ContactList
            data={data}
            variant="labels"
            options={{ links: false, addressParts: true }}
            className="mt-4 grid gap-x-6 gap-y-0.5 text-xs text-stone-300 sm:grid-cols-2 [&_span.font-semibold]:text-yellow-400"
          />
        </div>
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="size-32 border-4 border-yellow-400"
          placeholderClassName="bg-stone-700 text-4xl text-yellow-400"
        />
      </header>
      <div className="px-9 py-7">
        <OverviewBody
          data={data}
          theme={theme}
          skill={(s) => (
            <>
              <div className="flex justify-between text-sm font-semibold">
                <span>{s.skill}</span>
                <span className="text-xs text-stone-500">{s.level ?? '–'}/5</span>
              </div>
              <RatingBar
                value={s.level}
                className="mt-1 h-2.5 rounded-none"
                trackClassName="bg-stone-300 rounded-none"
                fillClassName="rounded-none bg-yellow-400"
              />
            </>
          )}
          language={(l) => (
            <div className="text-sm">
              <span className="font-semibold">{l.languageName}</span>
              <span className="block text-xs text-stone-500">
                Read {l.read ?? '–'}/5 · Write {l.write ?? '–'}/5 · Speak {l.speak ?? '–'}/5
              </span>
            </div>
          )}
        />
      </div>
      <div aria-hidden="true" className="h-3" style={stripes} />
    </CvSheet>
  );
}
