/**
 * A LinkedIn data export (the ZIP LinkedIn emails) as section input. The files and columns
 * are LinkedIn's documented ones; each section's `linkedIn` member maps their rows. A file
 * with a column we do not know is refused rather than half read.
 */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { SECTIONS, SECTION_KEYS } from '@vitae/core';
import {
  LINKEDIN_FILES,
  type LinkedInFile,
  type LinkedInRow,
  type LinkedInRows,
} from '@vitae/core/json-resume/linkedin';
import {
  certificatesFromLinkedIn,
  type CertificateInput,
} from '@vitae/core/json-resume/certificates';
import { HttpError } from '../plugins/errors.ts';
import { MAX_CANDIDATES, tooMany, type ImportCandidates } from './import-plan.ts';
import { readZip } from './zip-read.ts';

const FILE_NAMES = Object.keys(LINKEDIN_FILES) as LinkedInFile[];

export const NO_LINKEDIN_FILES = `This ZIP holds none of LinkedIn's files (${FILE_NAMES.join(', ')}).`;
export const unknownColumn = (file: LinkedInFile, column: string) =>
  `${file} has a column Vitae does not know: "${column}". Expected: ${LINKEDIN_FILES[file].join(', ')}.`;
const unreadable = (file: string) => `${file} is not a readable CSV file.`;

/** The export's files may sit in a folder; names are matched without case. */
const fileOf = (name: string): LinkedInFile | undefined =>
  FILE_NAMES.find((f) => f.toLowerCase() === path.posix.basename(name).toLowerCase());

/** The header and one row more than a section takes: enough to know a file has too many. */
const MAX_LINES = MAX_CANDIDATES + 2;

function rowsOf(file: LinkedInFile, bytes: Uint8Array): LinkedInRow[] {
  let records: string[][];
  try {
    // Parsing stops there: csv-parse takes about 0.7 s per MiB of short rows, synchronously.
    records = parse(Buffer.from(bytes).toString('utf8'), {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to_line: MAX_LINES,
    }) as string[][];
  } catch {
    throw new HttpError(400, unreadable(file));
  }
  if (records.length >= MAX_LINES) throw tooMany(file);
  const [header = [], ...body] = records;
  const known: readonly string[] = LINKEDIN_FILES[file];
  const columns = header.map((c) => c.trim());
  const stranger = columns.find((c) => !known.includes(c));
  if (stranger !== undefined) throw new HttpError(400, unknownColumn(file, stranger));
  return body.map((cells) =>
    Object.fromEntries(columns.map((c, i) => [c, (cells[i] ?? '').trim()])),
  );
}

/**
 * The sections a LinkedIn export fills, and its certifications as certificates (issue 32);
 * throws a 400 with the reason for a bad archive.
 */
export function readLinkedInZip(zip: Uint8Array): {
  sections: ImportCandidates;
  certificates: CertificateInput[];
} {
  const files = readZip(zip, (name) => fileOf(name) !== undefined);
  if (files.size === 0) throw new HttpError(400, NO_LINKEDIN_FILES);
  const rows: LinkedInRows = {};
  for (const [name, bytes] of files) {
    const file = fileOf(name)!;
    rows[file] = [...(rows[file] ?? []), ...rowsOf(file, bytes)];
  }
  const candidates: ImportCandidates = {};
  for (const key of SECTION_KEYS) {
    const found = SECTIONS[key].linkedIn?.(rows) ?? [];
    if (found.length) candidates[key] = found;
  }
  return { sections: candidates, certificates: certificatesFromLinkedIn(rows) };
}
