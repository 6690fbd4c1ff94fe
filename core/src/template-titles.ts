import type { SectionKey } from './sections/index.ts';
import type { TemplateId } from './templates.ts';

/*
 * The section titles each template prints instead of the usual ones. The templates (web) draw
 * them; the screening check (server) reads them, since a title a parser does not know as a
 * heading hides what its section holds. A title the user gave wins over both.
 */

type Titles = Partial<Record<SectionKey, string>>;

/** Templates 09, 10 and ink-friendly print: an overview and work experience. */
const OVERVIEW: Titles = {
  'personal-summary': 'Overview',
  experience: 'Work Experience',
  attribute: 'Personal Attributes',
};

export const TEMPLATE_TITLES: Record<TemplateId | 'ink-friendly', Titles> = {
  template01: { 'personal-summary': 'Professional Summary' },
  template02: { 'personal-info': 'Details', 'personal-summary': 'Profile' },
  template03: {
    'personal-info': 'About',
    interest: 'Loves',
    'personal-summary': 'About me',
    'employment-history': "Where I've worked",
    experience: 'Other adventures',
    'tertiary-education': 'Studies',
    'secondary-education': 'School',
    attribute: 'What I bring',
    reference: 'People who know me',
  },
  template04: {
    'personal-info': 'Details',
    'employment-history': 'Experience',
    experience: 'Projects',
  },
  template05: { 'personal-info': 'Details' },
  template06: {
    'personal-summary': 'Profile',
    'employment-history': 'Career News',
    experience: 'Also Reported',
    'tertiary-education': 'Higher Education',
    'secondary-education': 'Schooling',
    reference: 'Testimonials',
    'personal-info': 'Vital Statistics',
    attribute: 'Character',
    interest: 'Leisure',
  },
  template07: {
    'personal-summary': 'Professional Profile',
    'employment-history': 'Professional Experience',
    skill: 'Core Competencies',
  },
  template08: {
    'personal-summary': "Chef's Note",
    'employment-history': 'Main Courses',
    experience: 'Side Dishes',
    skill: 'Specialities',
    'personal-info': 'House Details',
    attribute: 'Flavours',
    interest: 'Desserts',
    reference: 'Recommended By',
  },
  template09: OVERVIEW,
  template10: OVERVIEW,
  'ink-friendly': OVERVIEW,
};
