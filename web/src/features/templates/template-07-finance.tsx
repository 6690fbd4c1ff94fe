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
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 07 Finance: navy and gold, a ledger-like date column, and proficiency bars. */
const serif = { fontFamily: "Georgia, 'Times New Roman', serif" };
const heading =
  'mb-3 border-b-2 border-amber-600 pb-1 font-serif text-lg font-semibold text-[#0b2545]';
const ledger: EntryTheme = {
  root: 'grid gap-x-5 sm:grid-cols-[8.5rem_1fr]',
  head: 'contents',
  title: 'font-semibold text-[#0b2545] sm:col-start-2 sm:row-start-1',
  dates:
    'text-xs font-semibold tracking-wide whitespace-nowrap text-amber-700 uppercase sm:col-start-1 sm:row-span-4 sm:row-start-1 sm:pt-1',
  subtitle: 'text-sm font-medium text-slate-600 sm:col-start-2',
  body: 'mt-1 text-sm leading-relaxed text-slate-700 sm:col-start-2',
  extra: 'mt-1 text-sm text-slate-500 italic sm:col-start-2',
  tags: 'sm:col-start-2',
  tag: 'rounded-sm bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700',
};

function Bar({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="grid grid-cols-[4.6rem_1fr_2rem] items-center gap-2 text-xs text-slate-500">
      <span>{label}</span>
      <RatingBar
        value={value}
        className="h-2 rounded-none"
        trackClassName="bg-slate-200 rounded-none"
        fillClassName="bg-[#13315c] rounded-none"
      />
      <span className="text-right tabular-nums">{value ?? '–'}/5</span>
    </div>
  );
}

export default function Template07Finance({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  return (
    <CvSheet layout="template07" className="bg-white text-slate-800">
      <header className="flex items-center gap-6 border-b-4 border-amber-600 bg-[#0b2545] px-10 py-7 text-white">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="size-24 border-2 border-amber-500"
          placeholderClassName="bg-[#13315c] text-2xl text-amber-300"
        />
        <div className="min-w-0 flex-1">
          {name && (
            <h1 className="text-3xl font-semibold tracking-wide" style={serif}>
              {name}
            </h1>
          )}
          <ContactList
            data={data}
            className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-200 sm:grid-cols-2"
            iconClassName="text-amber-400"
          />
        </div>
      </header>

      <div className="space-y-7 px-10 py-8">
        <CvSection
          id="summary"
          title="Professional Profile"
          show={has.summary}
          headingClassName={heading}
        >
          <p className="leading-relaxed text-slate-700">{data.personalSummary?.summary}</p>
        </CvSection>
        <CvSection
          id="employment"
          title="Professional Experience"
          show={has.employment}
          headingClassName={heading}
        >
          <EntryList
            entries={data.employHistorys.map(employmentEntry)}
            theme={ledger}
            className="space-y-4"
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
            theme={ledger}
            className="space-y-4"
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
            theme={ledger}
            className="space-y-4"
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
            theme={ledger}
            className="space-y-4"
          />
        </CvSection>

        <div className="grid gap-7 sm:grid-cols-2">
          <CvSection
            id="skills"
            title="Core Competencies"
            show={has.skills}
            headingClassName={heading}
          >
            <ul className="space-y-2">
              {data.skills.map((s) => (
                <li key={s._id} className="cv-entry">
                  <span className="text-sm font-medium text-[#0b2545]">{s.skill}</span>
                  <Bar label={s.label || 'Level'} value={s.level} />
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
            <ul className="space-y-3">
              {data.languages.map((l) => (
                <li key={l._id} className="cv-entry">
                  <span className="text-sm font-medium text-[#0b2545]">{l.languageName}</span>
                  <Bar label="Read" value={l.read} />
                  <Bar label="Write" value={l.write} />
                  <Bar label="Speak" value={l.speak} />
                </li>
              ))}
            </ul>
          </CvSection>
          <CvSection
            id="personal-details"
            title="Personal Details"
            show={has.personalDetails}
            headingClassName={heading}
          >
            <DetailList
              rows={personalDetailRows(data.personalInfo, 'Valid')}
              className="text-sm"
              labelClassName="text-slate-500"
            />
          </CvSection>
          <CvSection
            id="attributes"
            title="Attributes"
            show={has.attributes}
            headingClassName={heading}
          >
            <p className="text-sm">
              {attributeItems(data)
                .map((a) => a.text)
                .join(' · ')}
            </p>
          </CvSection>
          <CvSection
            id="interests"
            title="Interests"
            show={has.interests}
            headingClassName={heading}
          >
            <p className="text-sm">
              {interestItems(data)
                .map((a) => a.text)
                .join(' · ')}
            </p>
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
            theme={{
              ...ledger,
              root: 'border-l-4 border-[#13315c] bg-slate-50 px-4 py-3',
              head: undefined,
              title: 'font-semibold text-[#0b2545]',
              subtitle: 'text-sm text-slate-600',
              body: 'mt-1 text-sm',
            }}
            className="grid gap-3 sm:grid-cols-2"
          />
        </CvSection>
      </div>
    </CvSheet>
  );
}
