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

/** 04 Dark: near-black paper, amber accents; additional experience is labelled "Projects". */
const heading =
  'mb-4 flex items-center gap-3 text-sm font-bold tracking-[0.25em] text-amber-400 uppercase after:h-px after:flex-1 after:bg-zinc-700';
const card: EntryTheme = {
  root: 'rounded-lg border border-zinc-800 bg-zinc-900/70 p-4',
  title: 'font-semibold text-zinc-50',
  subtitle: 'text-sm text-amber-300/90',
  dates: 'font-mono text-xs whitespace-nowrap text-zinc-400',
  body: 'mt-2 text-sm leading-relaxed text-zinc-300',
  extra: 'mt-1 text-sm text-zinc-400 italic',
  tag: 'rounded border border-zinc-700 px-2 py-0.5 text-xs text-zinc-300',
};

export default function Template04Dark({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  return (
    <CvSheet layout="template04" className="bg-zinc-950 px-10 py-10 text-zinc-200">
      <header className="flex flex-wrap items-center gap-6 border-b border-zinc-800 pb-8">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="size-24 rounded-2xl ring-2 ring-amber-400 ring-offset-4 ring-offset-zinc-950"
          placeholderClassName="bg-zinc-800 text-3xl text-amber-400"
        />
        <div className="min-w-0 flex-1">
          {name && <h1 className="text-4xl font-bold tracking-tight text-white">{name}</h1>}
          <ContactList
            data={data}
            className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-400"
            iconClassName="text-amber-400"
          />
        </div>
      </header>

      <div className="mt-8 space-y-8">
        <CvSection id="summary" title="Summary" show={has.summary} headingClassName={heading}>
          <p className="text-[15px] leading-relaxed text-zinc-300">
            {data.personalSummary?.summary}
          </p>
        </CvSection>
        <CvSection
          id="personal-details"
          title="Details"
          show={has.personalDetails}
          headingClassName={heading}
        >
          <DetailList
            rows={personalDetailRows(data.personalInfo)}
            className="text-sm sm:grid-cols-[auto_1fr_auto_1fr]"
            labelClassName="text-zinc-500"
            valueClassName="text-zinc-200"
          />
        </CvSection>
        <CvSection
          id="employment"
          title="Experience"
          show={has.employment}
          headingClassName={heading}
        >
          <EntryList
            entries={data.employHistorys.map(employmentEntry)}
            theme={card}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="experience"
          title="Projects"
          show={has.experience}
          headingClassName={heading}
        >
          <EntryList
            entries={data.experiences.map(experienceEntry)}
            theme={card}
            className="grid gap-3 sm:grid-cols-2"
          />
        </CvSection>
        <CvSection
          id="tertiary"
          title="Tertiary Education"
          show={has.tertiary}
          headingClassName={heading}
        >
          <EntryList
            entries={data.tertEdus.map(tertiaryEntry)}
            theme={card}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="secondary"
          title="Secondary Education"
          show={has.secondary}
          headingClassName={heading}
        >
          <EntryList
            entries={data.secondEdu.map(secondaryEntry)}
            theme={card}
            className="space-y-3"
          />
        </CvSection>
        <div className="grid gap-8 sm:grid-cols-2">
          <CvSection id="skills" title="Skills" show={has.skills} headingClassName={heading}>
            <ul className="space-y-2.5 text-sm">
              {data.skills.map((s) => (
                <li key={s._id} className="cv-entry">
                  <div className="flex justify-between">
                    <span>{s.skill}</span>
                    <span className="font-mono text-xs text-zinc-500">{s.level ?? '–'}/5</span>
                  </div>
                  <RatingBar
                    value={s.level}
                    className="mt-1"
                    trackClassName="bg-zinc-800"
                    fillClassName="bg-amber-400"
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
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left font-mono text-xs text-zinc-500">
                  <th className="pb-1 font-normal">Language</th>
                  <th className="pb-1 font-normal">Read</th>
                  <th className="pb-1 font-normal">Write</th>
                  <th className="pb-1 font-normal">Speak</th>
                </tr>
              </thead>
              <tbody>
                {data.languages.map((l) => (
                  <tr key={l._id} className="cv-entry border-t border-zinc-800">
                    <td className="py-1">{l.languageName}</td>
                    <td className="font-mono text-amber-300">{l.read ?? '–'}/5</td>
                    <td className="font-mono text-amber-300">{l.write ?? '–'}/5</td>
                    <td className="font-mono text-amber-300">{l.speak ?? '–'}/5</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CvSection>
          <CvSection
            id="interests"
            title="Interests"
            show={has.interests}
            headingClassName={heading}
          >
            <TagList
              items={interestItems(data)}
              className="text-sm"
              itemClassName="rounded-full bg-zinc-800 px-3 py-0.5 text-zinc-200"
            />
          </CvSection>
          <CvSection
            id="attributes"
            title="Attributes"
            show={has.attributes}
            headingClassName={heading}
          >
            <TagList
              items={attributeItems(data)}
              className="text-sm"
              itemClassName="rounded-full border border-amber-400/50 px-3 py-0.5 text-amber-200"
            />
          </CvSection>
        </div>
        <CvSection
          id="references"
          title="References"
          show={has.references}
          headingClassName={heading}
        >
          <EntryList
            entries={data.references.map(referenceEntry)}
            theme={card}
            className="grid gap-3 sm:grid-cols-2"
          />
        </CvSection>
      </div>
    </CvSheet>
  );
}
