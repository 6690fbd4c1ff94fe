import { formatLongDate } from '@vitae/core/dates';
import { CvSection } from './blocks/cv-section.tsx';
import { CvSheet } from './blocks/cv-sheet.tsx';
import { ContactList, CvPhoto } from './blocks/cv-header.tsx';
import {
  attributeItems,
  EntryList,
  employmentEntry,
  experienceEntry,
  interestItems,
  referenceEntry,
  secondaryEntry,
  tertiaryEntry,
  type EntryTheme,
} from './blocks/entries.tsx';
import { sectionsWithData } from './blocks/has.ts';
import { BulletList } from './blocks/lists.tsx';
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingNumber } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 06 Newspaper: newsprint, a masthead with today's date, serif type, ruled columns. */
const serif = { fontFamily: "Georgia, 'Times New Roman', Times, serif" };
const heading =
  'mb-2 border-y-2 border-stone-900 py-0.5 text-center text-sm font-bold tracking-[0.2em] text-stone-900 uppercase';
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

export default function Template06Newspaper({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  const today = formatLongDate(new Date());
  return (
    <CvSheet layout="template06" className="bg-[#f6f1e4] px-9 py-8 text-stone-900" style={serif}>
      <header className="text-center">
        <div className="flex items-center justify-between border-b border-stone-900 pb-1 text-[11px] tracking-widest uppercase">
          <span>The Curriculum Vitae</span>
          <time data-testid="newspaper-date">{today}</time>
          <span>Special Edition</span>
        </div>
        {name && (
          <h1 className="my-3 text-5xl leading-none font-black tracking-tight uppercase sm:text-6xl">
            {name}
          </h1>
        )}
        <div className="border-y-4 border-double border-stone-900 py-1">
          <ContactList
            data={data}
            variant="plain"
            className="flex flex-wrap justify-center gap-x-4 text-xs italic"
          />
        </div>
      </header>

      <div className="mt-5 grid gap-6 sm:grid-cols-[1fr_14rem]">
        <div className="min-w-0 space-y-5">
          <CvSection id="summary" title="Profile" show={has.summary} headingClassName={heading}>
            <div className="flex gap-4">
              <CvPhoto
                url={data.assignedPhotoUrl}
                name={name}
                placeholder={false}
                className="h-32 w-28 shrink-0 border border-stone-900 grayscale sepia-[.3]"
              />
              <p className="text-justify text-[15px] leading-snug first-letter:float-left first-letter:mr-1.5 first-letter:text-5xl first-letter:leading-[0.85] first-letter:font-black">
                {data.personalSummary?.summary}
              </p>
            </div>
          </CvSection>
          <CvSection
            id="employment"
            title="Career News"
            show={has.employment}
            headingClassName={heading}
          >
            <EntryList
              entries={data.employHistorys.map(employmentEntry)}
              theme={story}
              className="gap-5 space-y-3 sm:columns-2 sm:[column-rule:1px_solid_#a8a29e] [&>*]:break-inside-avoid"
            />
          </CvSection>
          <CvSection
            id="experience"
            title="Also Reported"
            show={has.experience}
            headingClassName={heading}
          >
            <EntryList
              entries={data.experiences.map(experienceEntry)}
              theme={story}
              className="gap-5 space-y-3 sm:columns-2 [&>*]:break-inside-avoid"
            />
          </CvSection>
          <CvSection
            id="tertiary"
            title="Higher Education"
            show={has.tertiary}
            headingClassName={heading}
          >
            <EntryList
              entries={data.tertEdus.map(tertiaryEntry)}
              theme={story}
              className="space-y-3"
            />
          </CvSection>
          <CvSection
            id="secondary"
            title="Schooling"
            show={has.secondary}
            headingClassName={heading}
          >
            <EntryList
              entries={data.secondEdu.map(secondaryEntry)}
              theme={story}
              className="space-y-3"
            />
          </CvSection>
          <CvSection
            id="references"
            title="Testimonials"
            show={has.references}
            headingClassName={heading}
          >
            <EntryList
              entries={data.references.map(referenceEntry)}
              theme={{ ...story, body: 'mt-1 text-sm text-stone-800' }}
              className="grid gap-3 sm:grid-cols-2"
            />
          </CvSection>
        </div>

        <aside className="space-y-5 text-sm sm:border-l sm:border-stone-400 sm:pl-5">
          <CvSection
            id="personal-details"
            title="Vital Statistics"
            show={has.personalDetails}
            headingClassName={heading}
          >
            <DetailList
              rows={personalDetailRows(data.personalInfo)}
              className="grid-cols-1 gap-y-0"
              labelClassName="mt-1 text-xs tracking-wider text-stone-500 uppercase"
            />
          </CvSection>
          <CvSection id="skills" title="Skills" show={has.skills} headingClassName={heading}>
            <ul className="divide-y divide-dotted divide-stone-400">
              {data.skills.map((s) => (
                <li key={s._id} className="cv-entry flex justify-between gap-2 py-1">
                  <span>{s.skill}</span>
                  <RatingNumber value={s.level} className="font-bold" />
                </li>
              ))}
            </ul>
          </CvSection>
          <CvSection
            id="languages"
            title="Languages"
            show={has.languages}
            headingClassName={heading}
          >
            <ul className="space-y-1.5">
              {data.languages.map((l) => (
                <li key={l._id} className="cv-entry">
                  <span className="font-bold">{l.languageName}</span>
                  <span className="block text-xs text-stone-600 italic">
                    Reads {l.read ?? '–'}/5, writes {l.write ?? '–'}/5, speaks {l.speak ?? '–'}/5
                  </span>
                </li>
              ))}
            </ul>
          </CvSection>
          <CvSection
            id="attributes"
            title="Character"
            show={has.attributes}
            headingClassName={heading}
          >
            <BulletList
              items={attributeItems(data)}
              marker="■"
              itemClassName="text-sm [&>span:first-child]:text-[8px] [&>span:first-child]:leading-5"
            />
          </CvSection>
          <CvSection id="interests" title="Leisure" show={has.interests} headingClassName={heading}>
            <p className="italic">
              {interestItems(data)
                .map((i) => i.text)
                .join(' · ')}
            </p>
          </CvSection>
        </aside>
      </div>
    </CvSheet>
  );
}
