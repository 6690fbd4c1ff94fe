/**
 * The files of a LinkedIn data export Vitae reads, with LinkedIn's documented column names.
 * Each section's `linkedIn` member (core/src/sections/<key>.ts) turns their rows into entries.
 */
import { isoDate, isSecondarySchool } from './mapping.ts';

export const LINKEDIN_FILES = {
  'Profile.csv': [
    'First Name',
    'Last Name',
    'Maiden Name',
    'Address',
    'Birth Date',
    'Headline',
    'Summary',
    'Industry',
    'Zip Code',
    'Geo Location',
    'Twitter Handles',
    'Websites',
    'Instant Messengers',
  ],
  'Positions.csv': [
    'Company Name',
    'Title',
    'Description',
    'Location',
    'Started On',
    'Finished On',
  ],
  'Education.csv': ['School Name', 'Start Date', 'End Date', 'Notes', 'Degree Name', 'Activities'],
  'Skills.csv': ['Name'],
  'Languages.csv': ['Name', 'Proficiency'],
  'Certifications.csv': ['Name', 'Url', 'Authority', 'Started On', 'Finished On', 'License Number'],
  'Email Addresses.csv': ['Email Address', 'Confirmed', 'Primary', 'Updated On'],
  'PhoneNumbers.csv': ['Extension', 'Number', 'Type'],
} as const;

export type LinkedInFile = keyof typeof LINKEDIN_FILES;
/** One CSV row by column name (missing cells are ''). */
export type LinkedInRow = Record<string, string>;
/** The rows of each file the export holds (absent files: no rows). */
export type LinkedInRows = Partial<Record<LinkedInFile, LinkedInRow[]>>;

/** A section's entries from a LinkedIn export, as form input still to be validated. */
export type LinkedInMapping<T> = (
  rows: LinkedInRows,
) => Partial<Record<keyof T & string, unknown>>[];

export const rowsOf = (rows: LinkedInRows, file: LinkedInFile): LinkedInRow[] => rows[file] ?? [];

/** LinkedIn's dates ("Mar 2020", "2020") in the forms' shape ("2020-03", "2020"). */
export const linkedInDate = (value: string | undefined): string =>
  value ? isoDate(value) || value : '';

/** Whether an Education.csv row is a school (secondary) rather than a tertiary course. */
export const linkedInSchool = (row: LinkedInRow): boolean =>
  isSecondarySchool(row['Degree Name'] ?? '') || isSecondarySchool(row['School Name'] ?? '');
