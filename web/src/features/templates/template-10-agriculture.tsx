import { titleFromSummary } from '@vitae/core/dates';
import { CvSection } from './blocks/cv-section.tsx';
import { CvSheet } from './blocks/cv-sheet.tsx';
import { ContactList, CvPhoto } from './blocks/cv-header.tsx';
import { OverviewBody, type OverviewTheme } from './blocks/overview-body.tsx';
import { DetailList, personalInformationRows } from './blocks/personal-details.tsx';
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 10 Agriculture: field greens and wheat, soft rounded panels, a personal-information block. */
const leaf = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 text-lime-600" fill="currentColor">
    <path d="M20 4C9 4 4 9.5 4 16c0 1.4.3 2.7.8 4 1-4.5 4.2-8.2 9.2-10-4 2.6-6.6 6-7.5 10.4C15.6 20.2 20 14 20 4z" />
  </svg>
);
const theme: OverviewTheme = {
  heading:
    'mb-3 flex items-center gap-2 border-b-2 border-lime-600/40 pb-1 text-lg font-bold text-green-900',
  before: leaf,
  summary: 'rounded-xl bg-amber-50 p-4 leading-relaxed text-stone-700',
  list: 'list-disc text-sm marker:text-lime-600',
  entry: {
    root: 'rounded-lg border border-green-900/10 bg-white/70 p-3.5',
    title: 'font-semibold text-green-950',
    subtitle: 'text-sm text-green-800',
    dates: 'rounded-full bg-lime-100 px-2 text-xs font-medium whitespace-nowrap text-green-900',
    body: 'mt-1 text-sm leading-relaxed text-stone-700',
    extra: 'mt-1 text-sm text-stone-500 italic',
    tag: 'rounded-full bg-amber-100 px-2 text-xs text-amber-900',
  },
};

export default function Template10Agriculture({ data }: TemplateProps) {
  const name = data.personalInfo?.fullName ?? '';
  const title = titleFromSummary(data.personalSummary?.summary);
  const info = personalInformationRows(data.personalInfo);
  return (
    <CvSheet layout="template10" className="bg-[#f7f5ec] text-stone-800">
      <header className="relative overflow-hidden bg-gradient-to-br from-green-800 to-green-950 px-9 pt-8 pb-10 text-green-50">
        <div
          aria-hidden="true"
          className="absolute -right-10 -bottom-16 size-56 rounded-full bg-lime-500/20"
        />
        <div className="relative flex flex-wrap items-center gap-6">
          <CvPhoto
            url={data.assignedPhotoUrl}
            name={name}
            className="size-28 rounded-full border-4 border-amber-200"
            placeholderClassName="bg-green-700 text-3xl text-amber-100"
          />
          <div className="min-w-0 flex-1">
            {name && <h1 className="text-3xl font-bold tracking-tight text-white">{name}</h1>}
            {title && <p className="mt-1 text-amber-200">{title}</p>}
          </div>
        </div>
        <ContactList
          data={data}
          options={{ links: false, addressParts: true }}
          variant="labels"
          className="relative mt-5 grid gap-x-6 gap-y-0.5 text-xs text-green-100 sm:grid-cols-[1.4fr_1fr_1fr] [&_span.font-semibold]:text-amber-200"
        />
      </header>
      <div
        aria-hidden="true"
        className="h-2 bg-gradient-to-r from-amber-300 via-lime-500 to-green-700"
      />
      <div className="px-9 py-7">
        <OverviewBody
          data={data}
          theme={theme}
          afterOverview={
            <CvSection
              id="personal-information"
              title="Personal Information"
              show={info.length > 0}
              headingClassName={theme.heading}
              before={leaf}
            >
              <DetailList
                rows={info}
                className="text-sm sm:grid-cols-[auto_1fr_auto_1fr]"
                labelClassName="font-semibold text-green-900"
              />
            </CvSection>
          }
          skill={(s) => (
            <>
              <div className="flex justify-between text-sm">
                <span className="font-medium">{s.skill}</span>
                <span className="text-xs text-stone-500">{s.label}</span>
              </div>
              <RatingBar
                value={s.level}
                className="mt-1 h-2"
                trackClassName="bg-lime-100"
                fillClassName="bg-gradient-to-r from-lime-500 to-green-700"
              />
            </>
          )}
          language={(l) => (
            <div className="text-sm">
              <span className="font-medium">{l.languageName}</span>
              <span className="block text-xs text-stone-500">
                Read {l.read ?? '–'}/5 · Write {l.write ?? '–'}/5 · Speak {l.speak ?? '–'}/5
              </span>
            </div>
          )}
        />
      </div>
    </CvSheet>
  );
}
