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

const LIST_LINE = /^\s*[-•*]\s+/;
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * LinkedIn's free text, where people write lists as "- " lines: such text becomes rich text
 * with a bullet list (and a paragraph per other line), so the CV shows list items, not literal
 * hyphens. Text without list lines stays as it is.
 */
export function linkedInText(value: string | undefined): string {
  const text = value ?? '';
  const lines = text.split(/\r?\n/);
  if (!lines.some((l) => LIST_LINE.test(l))) return text;
  let html = '';
  let inList = false;
  for (const line of lines) {
    const item = LIST_LINE.test(line);
    if (item !== inList) html += item ? '<ul>' : '</ul>';
    inList = item;
    const content = escapeHtml(line.replace(LIST_LINE, '').trim());
    if (item) html += `<li>${content}</li>`;
    else if (content) html += `<p>${content}</p>`;
  }
  return inList ? `${html}</ul>` : html;
}

/** Profile.csv's "Websites" ("[PORTFOLIO:https://a.example][BLOG:b.example]") as addresses. */
export const linkedInWebsites = (value: string | undefined): string[] =>
  [
    ...(value ?? '').matchAll(
      /(?:^|[[,\s:])((?:https?:\/\/)?[a-z\d-]+(?:\.[a-z\d-]+)+[^\s,\]]*)/gi,
    ),
  ].map((m) => m[1]!);
