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
import { TagList } from './blocks/lists.tsx';
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 03 Creative: a violet-to-fuchsia sidebar, playful headings, and a timeline in the main column. */
const sideHeading = 'mb-3 text-sm font-bold tracking-widest text-fuchsia-100 uppercase';
const mainHeading =
  'mb-4 inline-flex items-center gap-2 text-xl font-black text-violet-800 after:h-1 after:w-10 after:rounded-full after:bg-fuchsia-400';
const timeline: EntryTheme = {
  root: 'relative border-l-2 border-violet-200 pb-1 pl-6',
  marker: (
    <span
      aria-hidden="true"
      className="absolute top-1 -left-[7px] size-3 rounded-full border-2 border-white bg-fuchsia-500 ring-2 ring-fuchsia-200"
    />
  ),
  title: 'font-bold text-slate-900',
  subtitle: 'text-sm font-semibold text-fuchsia-700',
  dates:
    'rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-800',
  body: 'mt-1.5 text-sm leading-relaxed text-slate-700',
  extra: 'mt-1 text-sm text-slate-500 italic',
  tag: 'rounded-md bg-fuchsia-50 px-2 py-0.5 text-xs text-fuchsia-800',
};

export default function Template03Creative({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  return (
    <CvSheet layout="template03" className="grid bg-white text-slate-800 sm:grid-cols-[16rem_1fr]">
      <aside className="space-y-7 bg-gradient-to-b from-violet-700 via-violet-800 to-fuchsia-800 px-7 py-9 text-sm text-violet-50">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="mx-auto size-36 rotate-2 rounded-3xl border-4 border-white/80 shadow-xl"
          placeholderClassName="bg-fuchsia-300 text-4xl text-violet-900"
        />
        {data.contactInfo && (
          <section aria-label="Contact">
            <h2 className={sideHeading}>Say hello</h2>
            <ContactList data={data} className="space-y-2" iconClassName="text-fuchsia-200" />
          </section>
        )}
        <CvSection
          id="personal-details"
          title="About"
          show={has.personalDetails}
          headingClassName={sideHeading}
        >
          <DetailList
            rows={personalDetailRows(data.personalInfo)}
            className="grid-cols-1 gap-y-0"
            labelClassName="mt-1.5 text-xs text-fuchsia-200"
          />
        </CvSection>
        <CvSection id="skills" title="Skills" show={has.skills} headingClassName={sideHeading}>
          <ul className="space-y-2.5">
            {data.skills.map((s) => (
              <li key={s._id} className="cv-entry">
                {s.skill}
                <RatingBar
                  value={s.level}
                  className="mt-1 h-2"
                  trackClassName="bg-white/20"
                  fillClassName="bg-gradient-to-r from-fuchsia-300 to-amber-200"
                />
              </li>
            ))}
          </ul>
        </CvSection>
        <CvSection
          id="languages"
          title="Languages"
          show={has.languages}
          headingClassName={sideHeading}
        >
          <ul className="space-y-2">
            {data.languages.map((l) => (
              <li key={l._id} className="cv-entry">
                <span className="font-semibold">{l.languageName}</span>
                <span className="block text-xs text-violet-200">
                  Read {l.read ?? '–'} · Write {l.write ?? '–'} · Speak {l.speak ?? '–'} (out of 5)
                </span>
              </li>
            ))}
          </ul>
        </CvSection>
        <CvSection id="interests" title="Loves" show={has.interests} headingClassName={sideHeading}>
          <TagList
            items={interestItems(data)}
            itemClassName="rounded-full bg-white/15 px-2.5 py-0.5"
          />
        </CvSection>
      </aside>

      <div className="min-w-0 space-y-8 px-9 py-9">
        <header>
          {name && (
            <h1 className="bg-gradient-to-r from-violet-700 to-fuchsia-600 bg-clip-text text-4xl leading-tight font-black text-transparent">
              {name}
            </h1>
          )}
          {has.summary && (
            <section data-section="summary" aria-label="About me" className="cv-section mt-4">
              <h2 className="cv-heading sr-only">About me</h2>
              <p className="border-l-4 border-fuchsia-400 pl-4 text-[15px] leading-relaxed text-slate-700">
                {data.personalSummary?.summary}
              </p>
            </section>
          )}
        </header>
        <CvSection
          id="employment"
          title="Where I've worked"
          show={has.employment}
          headingClassName={mainHeading}
        >
          <EntryList
            entries={data.employHistorys.map(employmentEntry)}
            theme={timeline}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="experience"
          title="Other adventures"
          show={has.experience}
          headingClassName={mainHeading}
        >
          <EntryList
            entries={data.experiences.map(experienceEntry)}
            theme={timeline}
            className="space-y-3"
          />
        </CvSection>
        <CvSection id="tertiary" title="Studies" show={has.tertiary} headingClassName={mainHeading}>
          <EntryList
            entries={data.tertEdus.map(tertiaryEntry)}
            theme={timeline}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="secondary"
          title="School"
          show={has.secondary}
          headingClassName={mainHeading}
        >
          <EntryList
            entries={data.secondEdu.map(secondaryEntry)}
            theme={timeline}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="attributes"
          title="What I bring"
          show={has.attributes}
          headingClassName={mainHeading}
        >
          <TagList
            items={attributeItems(data)}
            className="text-sm"
            itemClassName="rounded-lg border-2 border-violet-200 px-3 py-1 font-semibold text-violet-800"
          />
        </CvSection>
        <CvSection
          id="references"
          title="People who know me"
          show={has.references}
          headingClassName={mainHeading}
        >
          <EntryList
            entries={data.references.map(referenceEntry)}
            theme={{ ...timeline, root: 'rounded-xl bg-violet-50 p-4', marker: null }}
            className="grid gap-3 sm:grid-cols-2"
          />
        </CvSection>
      </div>
    </CvSheet>
  );
}
