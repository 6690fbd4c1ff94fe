import type { ReactNode } from 'react';
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
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingStars } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 08 Menu: a bistro menu card: centred serif headings with ornaments, dotted leaders, stars. */
const serif = { fontFamily: "Georgia, 'Palatino Linotype', 'Book Antiqua', serif" };
const ornament = (
  <span aria-hidden="true" className="text-base text-rose-800/70">
    ❦
  </span>
);
const heading = 'mb-4 flex items-center justify-center gap-3 text-2xl text-rose-900 italic';
const dish: EntryTheme = {
  head: 'flex items-baseline gap-2',
  title: 'shrink-0 font-bold text-stone-900',
  dates:
    "flex min-w-0 flex-1 items-baseline gap-2 text-sm whitespace-nowrap text-stone-600 italic before:flex-1 before:border-b-2 before:border-dotted before:border-stone-400 before:content-['']",
  subtitle: 'text-sm text-rose-900 italic',
  body: 'mt-1 text-sm leading-relaxed text-stone-700',
  extra: 'mt-1 text-sm text-stone-500 italic',
  tags: 'justify-center sm:justify-start',
  tag: 'text-xs text-stone-600 italic after:ml-1 after:content-["·"] last:after:content-none',
};

function Leader({ left, right }: { left: string; right: ReactNode }) {
  return (
    <div className="flex items-baseline gap-2">
      <span className="shrink-0">{left}</span>
      <span aria-hidden="true" className="flex-1 border-b-2 border-dotted border-stone-300" />
      <span className="shrink-0">{right}</span>
    </div>
  );
}

export default function Template08Menu({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  const section = { headingClassName: heading, before: ornament, after: ornament };
  return (
    <CvSheet layout="template08" className="bg-[#fbf7ee] p-6 text-stone-800" style={serif}>
      <div className="border-4 border-double border-rose-900/60 px-8 py-8">
        <header className="text-center">
          <CvPhoto
            url={data.assignedPhotoUrl}
            name={name}
            className="mx-auto mb-3 size-24 rounded-full border-4 border-[#fbf7ee] ring-2 ring-rose-900/50"
            placeholderClassName="bg-rose-100 text-2xl text-rose-900"
          />
          <p aria-hidden="true" className="text-xs tracking-[0.4em] text-stone-500 uppercase">
            Today's special
          </p>
          {name && <h1 className="mt-1 text-4xl text-stone-900 italic">{name}</h1>}
          <ContactList
            data={data}
            variant="plain"
            className="mt-3 flex flex-wrap justify-center gap-x-3 text-sm text-stone-600 [&>li:not(:last-child)]:after:ml-3 [&>li:not(:last-child)]:after:content-['~']"
          />
        </header>

        <div className="mt-8 space-y-8">
          <CvSection id="summary" title="Chef's Note" show={has.summary} {...section}>
            <p className="mx-auto max-w-prose text-center leading-relaxed text-stone-700 italic">
              “{data.personalSummary?.summary}”
            </p>
          </CvSection>
          <CvSection id="employment" title="Main Courses" show={has.employment} {...section}>
            <EntryList
              entries={data.employHistorys.map(employmentEntry)}
              theme={dish}
              className="space-y-5"
            />
          </CvSection>
          <CvSection id="experience" title="Side Dishes" show={has.experience} {...section}>
            <EntryList
              entries={data.experiences.map(experienceEntry)}
              theme={dish}
              className="space-y-5"
            />
          </CvSection>
          <CvSection id="tertiary" title="Tertiary Education" show={has.tertiary} {...section}>
            <EntryList
              entries={data.tertEdus.map(tertiaryEntry)}
              theme={dish}
              className="space-y-4"
            />
          </CvSection>
          <CvSection id="secondary" title="Secondary Education" show={has.secondary} {...section}>
            <EntryList
              entries={data.secondEdu.map(secondaryEntry)}
              theme={dish}
              className="space-y-4"
            />
          </CvSection>

          <div className="grid gap-8 sm:grid-cols-2">
            <CvSection id="skills" title="Specialities" show={has.skills} {...section}>
              <ul className="space-y-1.5 text-sm">
                {data.skills.map((s) => (
                  <li key={s._id} className="cv-entry">
                    <Leader
                      left={s.skill}
                      right={
                        <RatingStars
                          value={s.level}
                          filledClassName="text-rose-800"
                          emptyClassName="text-stone-300"
                        />
                      }
                    />
                  </li>
                ))}
              </ul>
            </CvSection>
            <CvSection id="languages" title="Languages" show={has.languages} {...section}>
              <ul className="space-y-2 text-sm">
                {data.languages.map((l) => (
                  <li key={l._id} className="cv-entry">
                    <span className="font-bold">{l.languageName}</span>
                    {(['read', 'write', 'speak'] as const).map((skill) => (
                      <Leader
                        key={skill}
                        left={skill[0]!.toUpperCase() + skill.slice(1)}
                        right={
                          <RatingStars
                            value={l[skill]}
                            filledClassName="text-rose-800"
                            emptyClassName="text-stone-300"
                          />
                        }
                      />
                    ))}
                  </li>
                ))}
              </ul>
            </CvSection>
            <CvSection
              id="personal-details"
              title="House Details"
              show={has.personalDetails}
              {...section}
            >
              <DetailList
                rows={personalDetailRows(data.personalInfo)}
                className="text-sm"
                labelClassName="text-stone-500 italic"
              />
            </CvSection>
            <CvSection id="attributes" title="Flavours" show={has.attributes} {...section}>
              <p className="text-center text-sm italic">
                {attributeItems(data)
                  .map((a) => a.text)
                  .join(' · ')}
              </p>
            </CvSection>
            <CvSection id="interests" title="Desserts" show={has.interests} {...section}>
              <p className="text-center text-sm italic">
                {interestItems(data)
                  .map((a) => a.text)
                  .join(' · ')}
              </p>
            </CvSection>
          </div>

          <CvSection id="references" title="Recommended By" show={has.references} {...section}>
            <EntryList
              entries={data.references.map(referenceEntry)}
              theme={{ ...dish, root: 'text-center', head: '', title: 'font-bold text-stone-900' }}
              className="grid gap-4 sm:grid-cols-2"
            />
          </CvSection>
        </div>
      </div>
    </CvSheet>
  );
}
