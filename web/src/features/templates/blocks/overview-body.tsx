import type { ReactNode } from 'react';
import type { CvData, CvLanguage, CvSkill } from '@vitae/core/cv';
import { cn } from '../../../lib/cn.ts';
import { CvSection } from './cv-section.tsx';
import {
  attributeItems,
  educationEntries,
  EntryList,
  employmentEntry,
  experienceEntry,
  interestItems,
  referenceEntry,
  type EntryTheme,
} from './entries.tsx';
import { sectionsWithData } from './has.ts';
import { BulletList } from './lists.tsx';

export interface OverviewTheme {
  heading: string;
  entry: EntryTheme;
  summary: string;
  list: string;
  /** Decoration before each heading. */
  before?: ReactNode;
}

interface OverviewBodyProps {
  data: CvData;
  theme: OverviewTheme;
  skill: (skill: CvSkill) => ReactNode;
  language: (language: CvLanguage) => ReactNode;
  /** Rendered right after the overview (template 10's personal information). */
  afterOverview?: ReactNode;
}

/**
 * The body shared by templates 09, 10 and the ink-friendly layout: overview, work experience,
 * employment history, education, skills, languages, personal attributes, interests, references.
 */
export function OverviewBody({ data, theme, skill, language, afterOverview }: OverviewBodyProps) {
  const has = sectionsWithData(data);
  const common = { headingClassName: theme.heading, before: theme.before };
  return (
    <div className="space-y-6">
      <CvSection id="summary" title="Overview" show={has.summary} {...common}>
        <p className={theme.summary}>{data.personalSummary?.summary}</p>
      </CvSection>
      {afterOverview}
      <CvSection id="experience" title="Work Experience" show={has.experience} {...common}>
        <EntryList entries={data.experiences.map(experienceEntry)} theme={theme.entry} />
      </CvSection>
      <CvSection id="employment" title="Employment History" show={has.employment} {...common}>
        <EntryList entries={data.employHistorys.map(employmentEntry)} theme={theme.entry} />
      </CvSection>
      <CvSection id="education" title="Education" show={has.education} {...common}>
        <EntryList entries={educationEntries(data)} theme={theme.entry} />
      </CvSection>
      <div className="grid gap-6 sm:grid-cols-2">
        <CvSection id="skills" title="Skills" show={has.skills} {...common}>
          <ul className="space-y-2">
            {data.skills.map((s) => (
              <li key={s._id} className="cv-entry">
                {skill(s)}
              </li>
            ))}
          </ul>
        </CvSection>
        <CvSection id="languages" title="Languages" show={has.languages} {...common}>
          <ul className="space-y-2">
            {data.languages.map((l) => (
              <li key={l._id} className="cv-entry">
                {language(l)}
              </li>
            ))}
          </ul>
        </CvSection>
        <CvSection id="attributes" title="Personal Attributes" show={has.attributes} {...common}>
          <BulletList items={attributeItems(data)} className={theme.list} />
        </CvSection>
        <CvSection id="interests" title="Interests" show={has.interests} {...common}>
          <BulletList items={interestItems(data)} className={theme.list} />
        </CvSection>
      </div>
      <CvSection id="references" title="References" show={has.references} {...common}>
        <EntryList
          entries={data.references.map(referenceEntry)}
          theme={theme.entry}
          className={cn('grid gap-4 sm:grid-cols-2')}
        />
      </CvSection>
    </div>
  );
}
