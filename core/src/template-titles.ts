import type { CvData } from './cv.ts';
import type { TemplateId } from './templates.ts';

/*
 * The section titles each template prints instead of the usual ones, by the CV data they
 * title. The templates (web) draw them; the screening check (server) reads them, since a title
 * a parser does not know as a heading hides what its section holds. A title the user gave wins
 * over both.
 */

type Titles = Partial<Record<keyof CvData, string>>;

/** Templates 09, 10 and ink-friendly print: an overview and work experience. */
const OVERVIEW: Titles = {
  personalSummary: 'Overview',
  experiences: 'Work Experience',
  attributes: 'Personal Attributes',
};

export const TEMPLATE_TITLES: Record<TemplateId | 'ink-friendly', Titles> = {
  template01: { personalSummary: 'Professional Summary' },
  template02: { personalInfo: 'Details', personalSummary: 'Profile' },
  template03: {
    personalInfo: 'About',
    interests: 'Loves',
    personalSummary: 'About me',
    employHistorys: "Where I've worked",
    experiences: 'Other adventures',
    tertEdus: 'Studies',
    secondEdu: 'School',
    attributes: 'What I bring',
    references: 'People who know me',
  },
  template04: {
    personalInfo: 'Details',
    employHistorys: 'Experience',
    experiences: 'Projects',
  },
  template05: { personalInfo: 'Details' },
  template06: {
    personalSummary: 'Profile',
    employHistorys: 'Career News',
    experiences: 'Also Reported',
    tertEdus: 'Higher Education',
    secondEdu: 'Schooling',
    references: 'Testimonials',
    personalInfo: 'Vital Statistics',
    attributes: 'Character',
    interests: 'Leisure',
  },
  template07: {
    personalSummary: 'Professional Profile',
    employHistorys: 'Professional Experience',
    skills: 'Core Competencies',
  },
  template08: {
    personalSummary: "Chef's Note",
    employHistorys: 'Main Courses',
    experiences: 'Side Dishes',
    skills: 'Specialities',
    personalInfo: 'House Details',
    attributes: 'Flavours',
    interests: 'Desserts',
    references: 'Recommended By',
  },
  template09: OVERVIEW,
  template10: OVERVIEW,
  'ink-friendly': OVERVIEW,
};
