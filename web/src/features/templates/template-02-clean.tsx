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
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 02 Clean: quiet two-column layout, hairline rules, small-caps headings, lots of white. */
const heading =
  'mb-3 border-b border-slate-200 pb-1 text-xs font-semibold tracking-[0.2em] text-slate-500 uppercase';
const entryTheme: EntryTheme = {
  title: 'font-semibold text-slate-900',
  subtitle: 'text-sm text-slate-600',
  dates: 'text-xs whitespace-nowrap text-slate-400',
  body: 'mt-1 text-sm leading-relaxed text-slate-700',
  extra: 'mt-1 text-sm text-slate-500',
  tag: 'text-xs text-slate-600 after:ml-1.5 after:text-slate-300 after:content-["/"] last:after:content-none',
  tags: 'gap-x-1.5 gap-y-0',
};

export default function Template02Clean({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  return (
    <CvSheet layout="template02" className="bg-white px-10 py-10 text-slate-800">
      <header className="flex items-center gap-6 border-b border-slate-300 pb-6">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          placeholder={false}
          className="size-20 rounded-full grayscale-[20%]"
        />
        <div>
          {name && <h1 className="text-4xl font-light tracking-tight text-slate-900">{name}</h1>}
          {data.personalInfo?.title && (
            <p className="mt-1 text-slate-500">{data.personalInfo.title}</p>
          )}
        </div>
      </header>

      <div className="mt-8 grid gap-8 sm:grid-cols-[13rem_1fr]">
        <aside className="space-y-7 text-sm">
          {data.contactInfo && (
            <section aria-label="Contact">
              <h2 className={heading}>Contact</h2>
              <ContactList
                data={data}
                className="space-y-1.5 text-slate-700"
                iconClassName="text-slate-400"
              />
            </section>
          )}
          <CvSection
            id="personal-details"
            title="Details"
            show={has.personalDetails}
            headingClassName={heading}
          >
            <DetailList
              rows={personalDetailRows(data.personalInfo)}
              className="grid-cols-1 gap-y-0"
              labelClassName="mt-1.5 text-xs text-slate-400"
              valueClassName="text-slate-700"
            />
          </CvSection>
          <CvSection id="skills" title="Skills" show={has.skills} headingClassName={heading}>
            <ul className="space-y-2">
              {data.skills.map((s) => (
                <li key={s._id} className="cv-entry">
                  <span className="text-slate-700">{s.skill}</span>
                  <RatingBar
                    value={s.level}
                    className="mt-1 h-1"
                    trackClassName="bg-slate-100"
                    fillClassName="bg-slate-500"
                  />
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
                  <span className="text-slate-700">{l.languageName}</span>
                  {l.proficiency && (
                    <span className="block text-xs text-slate-400">{l.proficiency}</span>
                  )}
                </li>
              ))}
            </ul>
          </CvSection>
          <CvSection
            id="interests"
            title="Interests"
            show={has.interests}
            headingClassName={heading}
          >
            <BulletList items={interestItems(data)} className="text-slate-700" marker="–" />
          </CvSection>
          <CvSection
            id="attributes"
            title="Attributes"
            show={has.attributes}
            headingClassName={heading}
          >
            <BulletList items={attributeItems(data)} className="text-slate-700" marker="–" />
          </CvSection>
        </aside>

        <div className="min-w-0 space-y-7">
          <CvSection id="summary" title="Profile" show={has.summary} headingClassName={heading}>
            <p className="leading-relaxed text-slate-700">{data.personalSummary?.summary}</p>
          </CvSection>
          <CvSection
            id="employment"
            title="Employment History"
            show={has.employment}
            headingClassName={heading}
          >
            <EntryList
              entries={data.employHistorys.map(employmentEntry)}
              theme={entryTheme}
              className="space-y-5"
            />
          </CvSection>
          <CvSection
            id="experience"
            title="Additional Experience"
            show={has.experience}
            headingClassName={heading}
          >
            <EntryList
              entries={data.experiences.map(experienceEntry)}
              theme={entryTheme}
              className="space-y-5"
            />
          </CvSection>
          <CvSection
            id="tertiary"
            title="Tertiary Education"
            show={has.tertiary}
            headingClassName={heading}
          >
            <EntryList entries={data.tertEdus.map(tertiaryEntry)} theme={entryTheme} />
          </CvSection>
          <CvSection
            id="secondary"
            title="Secondary Education"
            show={has.secondary}
            headingClassName={heading}
          >
            <EntryList entries={data.secondEdu.map(secondaryEntry)} theme={entryTheme} />
          </CvSection>
          <CvSection
            id="references"
            title="References"
            show={has.references}
            headingClassName={heading}
          >
            <EntryList
              entries={data.references.map(referenceEntry)}
              theme={entryTheme}
              className="grid gap-4 sm:grid-cols-2"
            />
          </CvSection>
        </div>
      </div>
    </CvSheet>
  );
}
