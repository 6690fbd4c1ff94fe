import { titleFromSummary } from '@vitae/core/dates';
import { CvSheet } from './blocks/cv-sheet.tsx';
import { ContactList, CvPhoto } from './blocks/cv-header.tsx';
import { OverviewBody, type OverviewTheme } from './blocks/overview-body.tsx';
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingNumber } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** Ink friendly: black on white, no fills, ratings as numbers (4/5, N/A), linkedin and website. */
const theme: OverviewTheme = {
  heading: 'mb-2 border-b border-black pb-0.5 text-base font-bold tracking-wide uppercase',
  summary: 'leading-relaxed',
  list: 'list-disc text-sm',
  entry: {
    title: 'font-bold',
    subtitle: 'text-sm italic',
    dates: 'text-sm whitespace-nowrap',
    body: 'mt-1 text-sm leading-relaxed',
    extra: 'mt-1 text-sm',
    tag: 'text-sm after:content-[","] last:after:content-none',
    tags: 'gap-x-1 gap-y-0',
  },
};

export default function InkFriendly({ data }: TemplateProps) {
  const name = data.personalInfo?.fullName ?? '';
  const title = titleFromSummary(data.personalSummary?.summary);
  const details = personalDetailRows(data.personalInfo);
  return (
    <CvSheet layout="ink-friendly" className="bg-white px-10 py-9 text-black">
      <header className="flex items-start gap-6 border-b-2 border-black pb-4">
        <div className="min-w-0 flex-1">
          {name && <h1 className="text-3xl font-bold">{name}</h1>}
          {title && <p className="mt-1 text-base italic">{title}</p>}
          <ContactList
            data={data}
            variant="labels"
            options={{ links: true, addressParts: true }}
            className="mt-3 grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2"
          />
          {details.length > 0 && (
            <section data-section="personal-details" aria-label="Personal details" className="mt-2">
              <h2 className="cv-heading sr-only">Personal Details</h2>
              <DetailList rows={details} className="text-sm sm:grid-cols-[auto_1fr_auto_1fr]" />
            </section>
          )}
        </div>
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          placeholder={false}
          className="size-28 border border-black grayscale"
        />
      </header>
      <div className="mt-5">
        <OverviewBody
          data={data}
          theme={theme}
          skill={(s) => (
            <div className="flex justify-between gap-3 text-sm">
              <span>{s.skill}</span>
              <RatingNumber value={s.level} className="font-semibold" />
            </div>
          )}
          language={(l) => (
            <div className="text-sm">
              <span className="font-semibold">{l.languageName}</span>
              <span className="block">
                Read <RatingNumber value={l.read} /> · Write <RatingNumber value={l.write} /> ·
                Speak <RatingNumber value={l.speak} />
              </span>
            </div>
          )}
        />
      </div>
    </CvSheet>
  );
}
