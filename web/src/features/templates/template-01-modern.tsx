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
import { Icon, type IconName } from './blocks/icons.tsx';
import { TagList } from './blocks/lists.tsx';
import { DetailList, personalDetailRows } from './blocks/personal-details.tsx';
import { RatingBar } from './blocks/ratings.tsx';
import type { TemplateProps } from './template-props.ts';

/** 01 Modern: a deep slate header band, teal accents, and an icon beside every heading. */
const heading =
  'mb-3 flex items-center gap-2.5 text-base font-bold tracking-wide text-slate-900 uppercase';
const entryTheme: EntryTheme = {
  root: 'border-l-2 border-teal-500/40 pl-4',
  title: 'font-semibold text-slate-900',
  subtitle: 'text-sm font-medium text-teal-700',
  dates: 'text-xs font-medium whitespace-nowrap text-slate-500',
  body: 'mt-1 text-sm leading-relaxed text-slate-700',
  extra: 'mt-1 text-sm text-slate-600 italic',
  tag: 'rounded-full bg-teal-50 px-2 py-0.5 text-xs text-teal-800',
};

function Badge({ icon }: { icon: IconName }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-7 items-center justify-center rounded-full bg-teal-600 text-white"
    >
      <Icon name={icon} className="size-4" />
    </span>
  );
}

export default function Template01Modern({ data }: TemplateProps) {
  const has = sectionsWithData(data);
  const name = data.personalInfo?.fullName ?? '';
  const section = (icon: IconName) => ({
    headingClassName: heading,
    before: <Badge icon={icon} />,
  });
  return (
    <CvSheet layout="template01" className="bg-white font-sans text-slate-800">
      <header className="flex items-center gap-6 bg-slate-900 px-10 py-8 text-white">
        <CvPhoto
          url={data.assignedPhotoUrl}
          name={name}
          className="size-28 shrink-0 rounded-full border-4 border-teal-400"
          placeholderClassName="bg-slate-700 text-3xl text-teal-200"
        />
        <div className="min-w-0 flex-1">
          {name && <h1 className="text-3xl font-extrabold tracking-tight">{name}</h1>}
          <div className="mt-1 h-1 w-16 rounded bg-teal-400" aria-hidden="true" />
          <ContactList
            data={data}
            className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm text-slate-200 sm:grid-cols-2"
            iconClassName="text-teal-300"
          />
        </div>
      </header>

      <div className="space-y-7 px-10 py-8">
        <CvSection
          id="summary"
          title="Professional Summary"
          show={has.summary}
          {...section('user')}
        >
          <p className="text-[15px] leading-relaxed text-slate-700">
            {data.personalSummary?.summary}
          </p>
        </CvSection>

        <CvSection
          id="personal-details"
          title="Personal Details"
          show={has.personalDetails}
          {...section('id')}
        >
          <DetailList
            rows={personalDetailRows(data.personalInfo)}
            className="text-sm"
            labelClassName="font-semibold text-slate-600"
          />
        </CvSection>

        <CvSection
          id="employment"
          title="Employment History"
          show={has.employment}
          {...section('briefcase')}
        >
          <EntryList entries={data.employHistorys.map(employmentEntry)} theme={entryTheme} />
        </CvSection>

        <CvSection
          id="experience"
          title="Additional Experience"
          show={has.experience}
          {...section('rocket')}
        >
          <EntryList entries={data.experiences.map(experienceEntry)} theme={entryTheme} />
        </CvSection>

        <CvSection
          id="tertiary"
          title="Tertiary Education"
          show={has.tertiary}
          {...section('graduation')}
        >
          <EntryList entries={data.tertEdus.map(tertiaryEntry)} theme={entryTheme} />
        </CvSection>

        <CvSection
          id="secondary"
          title="Secondary Education"
          show={has.secondary}
          {...section('school')}
        >
          <EntryList entries={data.secondEdu.map(secondaryEntry)} theme={entryTheme} />
        </CvSection>

        <div className="grid gap-7 sm:grid-cols-2">
          <CvSection id="skills" title="Skills" show={has.skills} {...section('sparkle')}>
            <ul className="space-y-2.5">
              {data.skills.map((s) => (
                <li key={s._id} className="cv-entry text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="font-medium">{s.skill}</span>
                    <span className="text-xs text-slate-500">{s.label}</span>
                  </div>
                  <RatingBar value={s.level} className="mt-1" fillClassName="bg-teal-500" />
                </li>
              ))}
            </ul>
          </CvSection>

          <CvSection
            id="languages"
            title="Languages"
            show={has.languages}
            {...section('languages')}
          >
            <ul className="space-y-2.5 text-sm">
              {data.languages.map((l) => (
                <li key={l._id} className="cv-entry">
                  <div className="flex justify-between gap-2">
                    <span className="font-medium">{l.languageName}</span>
                    <span className="text-xs text-slate-500">{l.proficiency}</span>
                  </div>
                  <p className="text-xs text-slate-500">
                    Read {l.read ?? '–'}/5 · Write {l.write ?? '–'}/5 · Speak {l.speak ?? '–'}/5
                  </p>
                </li>
              ))}
            </ul>
          </CvSection>

          <CvSection id="interests" title="Interests" show={has.interests} {...section('heart')}>
            <TagList
              items={interestItems(data)}
              className="text-sm"
              itemClassName="rounded-full border border-slate-300 px-2.5 py-0.5"
            />
          </CvSection>

          <CvSection id="attributes" title="Attributes" show={has.attributes} {...section('badge')}>
            <TagList
              items={attributeItems(data)}
              className="text-sm"
              itemClassName="rounded-full bg-slate-100 px-2.5 py-0.5"
            />
          </CvSection>
        </div>

        <CvSection id="references" title="References" show={has.references} {...section('users')}>
          <EntryList
            entries={data.references.map(referenceEntry)}
            theme={entryTheme}
            className="grid gap-4 sm:grid-cols-2"
          />
        </CvSection>
      </div>
    </CvSheet>
  );
}
