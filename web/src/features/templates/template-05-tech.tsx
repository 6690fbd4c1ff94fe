import { skillLevelOr } from '@vitae/core/ratings';
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
import { BulletList, TagList } from './blocks/lists.tsx';
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingBlocks } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 05 Tech: a terminal-dark sidebar, monospace accents, skills as level blocks (default level 3). */
const prompt = (
  <span aria-hidden="true" className="mr-1.5 text-emerald-400">
    $
  </span>
);
const sideHeading = 'mb-2.5 font-mono text-xs font-bold tracking-wider text-emerald-300 uppercase';
const mainHeading = 'mb-3 flex items-center font-mono text-base font-bold text-slate-900';
const entryTheme: EntryTheme = {
  root: 'rounded-md border border-slate-200 p-3.5',
  title: 'font-semibold text-slate-900',
  subtitle: 'font-mono text-sm text-emerald-700',
  dates: 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-600',
  body: 'mt-1.5 text-sm leading-relaxed text-slate-700',
  extra: 'mt-1 text-sm text-slate-500',
  tag: 'rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs text-emerald-800',
};
const mainBefore = (
  <span aria-hidden="true" className="mr-2 text-emerald-600">
    {'//'}
  </span>
);

export default function Template05Tech({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  return (
    <CvSheet layout="template05" className="grid bg-white text-slate-800 sm:grid-cols-[15rem_1fr]">
      <aside className="space-y-7 bg-slate-900 px-6 py-8 text-sm text-slate-300">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="size-28 rounded-md border-2 border-emerald-400"
          placeholderClassName="bg-slate-800 font-mono text-3xl text-emerald-300"
        />
        {data.contactInfo && (
          <section aria-label="Contact">
            <h2 className={sideHeading}>{prompt}contact</h2>
            <ContactList data={data} className="space-y-1.5" iconClassName="text-emerald-400" />
          </section>
        )}
        <CvSection
          id="skills"
          title="Skills"
          show={has.skills}
          headingClassName={sideHeading}
          before={prompt}
        >
          <ul className="space-y-2.5">
            {data.skills.map((s) => (
              <li key={s._id} className="cv-entry">
                <span className="block text-slate-100">{s.skill}</span>
                <RatingBlocks
                  value={skillLevelOr(s.level)}
                  onClassName="bg-emerald-400"
                  offClassName="bg-slate-700"
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
          before={prompt}
        >
          <ul className="space-y-1.5 font-mono text-xs">
            {data.languages.map((l) => (
              <li key={l._id} className="cv-entry">
                <span className="text-slate-100">{l.languageName}</span>
                <span className="block text-slate-400">
                  r:{l.read ?? '-'} w:{l.write ?? '-'} s:{l.speak ?? '-'} /5
                </span>
              </li>
            ))}
          </ul>
        </CvSection>
        <CvSection
          id="personal-details"
          title="Details"
          show={has.personalDetails}
          headingClassName={sideHeading}
          before={prompt}
        >
          <DetailList
            rows={personalDetailRows(data.personalInfo)}
            className="grid-cols-1 gap-y-0"
            labelClassName="mt-1 font-mono text-xs text-slate-500"
            valueClassName="text-slate-200"
          />
        </CvSection>
        <CvSection
          id="interests"
          title="Interests"
          show={has.interests}
          headingClassName={sideHeading}
          before={prompt}
        >
          <BulletList
            items={interestItems(data)}
            marker={<span className="text-emerald-400">›</span>}
          />
        </CvSection>
      </aside>

      <div className="min-w-0 space-y-7 px-8 py-8">
        <header>
          <p aria-hidden="true" className="font-mono text-xs text-emerald-700">
            ~/cv $ whoami
          </p>
          {name && (
            <h1 className="font-mono text-3xl font-bold tracking-tight text-slate-900">{name}</h1>
          )}
        </header>
        <CvSection
          id="summary"
          title="Summary"
          show={has.summary}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <p className="text-[15px] leading-relaxed text-slate-700">
            {data.personalSummary?.summary}
          </p>
        </CvSection>
        <CvSection
          id="employment"
          title="Employment History"
          show={has.employment}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <EntryList
            entries={data.employHistorys.map(employmentEntry)}
            theme={entryTheme}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="experience"
          title="Additional Experience"
          show={has.experience}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <EntryList
            entries={data.experiences.map(experienceEntry)}
            theme={entryTheme}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="tertiary"
          title="Tertiary Education"
          show={has.tertiary}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <EntryList
            entries={data.tertEdus.map(tertiaryEntry)}
            theme={entryTheme}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="secondary"
          title="Secondary Education"
          show={has.secondary}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <EntryList
            entries={data.secondEdu.map(secondaryEntry)}
            theme={entryTheme}
            className="space-y-3"
          />
        </CvSection>
        <CvSection
          id="attributes"
          title="Attributes"
          show={has.attributes}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <TagList
            items={attributeItems(data)}
            className="font-mono text-sm"
            itemClassName="rounded border border-slate-300 px-2 py-0.5"
          />
        </CvSection>
        <CvSection
          id="references"
          title="References"
          show={has.references}
          headingClassName={mainHeading}
          before={mainBefore}
        >
          <EntryList
            entries={data.references.map(referenceEntry)}
            theme={entryTheme}
            className="grid gap-3 sm:grid-cols-2"
          />
        </CvSection>
      </div>
    </CvSheet>
  );
}
