import type { CvData } from '@vitae/core/cv';
import { personalDetailRows } from './personal-details.tsx';

/** Which sections have data: every section renders only when its flag is true. */
export function sectionsWithData(data: CvData) {
  return {
    personalDetails: personalDetailRows(data.personalInfo).length > 0,
    summary: Boolean(data.personalSummary?.summary),
    employment: data.employHistorys.length > 0,
    experience: data.experiences.length > 0,
    tertiary: data.tertEdus.length > 0,
    secondary: data.secondEdu.length > 0,
    education: data.tertEdus.length + data.secondEdu.length > 0,
    skills: data.skills.length > 0,
    languages: data.languages.length > 0,
    interests: data.interests.length > 0,
    attributes: data.attributes.length > 0,
    references: data.references.length > 0,
  };
}

export type SectionFlags = ReturnType<typeof sectionsWithData>;
