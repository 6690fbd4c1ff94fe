import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core';

/*
 * Issue 13: a section lives in six places — its definition, the registry, its form, the form
 * registry (section-uis.ts), its template block (section-blocks.tsx) and the layouts
 * (layouts.ts). Every other file derives from those, so adding a field or a section stays cheap.
 * This test fails when a section's name spreads to a seventh non-test source file. Templates
 * name none: their themes draw kinds of content (prose, ratings, scores, short lists) and read
 * the header through the template blocks' accessors (cvOwner, cvContact, cvSummaryText).
 */
const MAX_FILES = 6;

/** The ids of each section's template blocks (web/src/features/templates/blocks/section-blocks.tsx). */
const BLOCK_IDS: Record<SectionKey, string[]> = {
  'personal-info': ['personal-details', 'personal-information'],
  'contact-info': [],
  'personal-summary': ['summary'],
  'employment-history': ['employment'],
  experience: ['experience'],
  'secondary-education': [],
  'tertiary-education': ['tertiary'],
  skill: ['skills'],
  language: ['languages'],
  attribute: ['attributes'],
  interest: ['interests'],
  reference: ['references'],
};

const HR = 'HR browse: listing facets, filters and cards';
const JSON_RESUME = "JSON Resume's own place names (json-resume/mapping.ts)";

/**
 * Sections still named in more files, with the reason; lower a number as files derive from
 * the registry, never raise it. `contact` and `secondary` are left out of BLOCK_IDS above:
 * as words they name the header's contact list and a button variant too.
 */
const STILL_SPREAD: Partial<Record<SectionKey, { files: number; why: string }>> = {
  'personal-info': {
    files: 16,
    why: `the CV data mapping, status rules, heading routes, the PDF file name and its title (print/main.tsx, issue 32), the builder tab, the shared viewer's title, the page footer; ${HR}`,
  },
  'personal-summary': {
    files: 30,
    why: `'summary' is also a common word (route schema summaries, import results, the two-step and health routes); status rules; ${HR}; JSON Resume's own \`summary\` field of the custom sections' lists (json-resume/custom-sections.ts, issue 30); a CV version's own summary (issue 30: versions.ts, responses/cv.ts, the versions repo and routes, its column in database.ts, cv-data.ts applying it, and an import giving a new or chosen version the file's own headline and summary in cv-io.service.ts): a field of the version, not the section`,
  },

  experience: { files: 8, why: HR },
  skill: { files: 18, why: `${HR}; the HR dashboard's cards (issue 32); ${JSON_RESUME}` },
  language: { files: 16, why: `${HR}; ${JSON_RESUME}` },
  interest: { files: 8, why: `${JSON_RESUME}; the section catalog's alias` },
  reference: {
    files: 8,
    why: `${JSON_RESUME}; the docx library's numbering \`reference\` (cv-export/cv-docx.ts): a library's word, not the section`,
  },
  attribute: {
    files: 7,
    why: "dnd-kit's `attributes` (a drag handle's ARIA props) in components/ui/sortable-list.tsx: a library's word, not the section",
  },
};

const ROOT = join(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['core/src', 'server/src', 'web/src'];
const isTestFile = (path: string) =>
  /\.test\.tsx?$|test-kit|test-utils|\/test\/|\/fixtures\/|\/migrations\//.test(path);

/**
 * The template blocks were split into the blocks and the fields they read (section-fields.ts, a
 * leaf that breaks an import circle): one place, counted once. The layouts' section titles
 * moved down to core (template-titles.ts) so that the server's screening check reads the titles
 * a template prints: still the layouts, counted once.
 */
const SAME_PLACE: Record<string, string> = {
  'web/src/features/templates/blocks/section-fields.ts':
    'web/src/features/templates/blocks/section-blocks.tsx',
  'core/src/template-titles.ts': 'web/src/features/templates/blocks/layouts.ts',
};

/**
 * The PDF and Word import (issue 35) recognises every section by the headings people print:
 * a seventh place by design, like a second registry of words, so it is not counted. The Word
 * and plain-text export (issue 35) writes every section as the template blocks draw them, the
 * server's counterpart of section-blocks.tsx: its maps are keyed `Record<SectionKey, …>`, so a
 * new section does not compile until it is written there too.
 */
const BY_DESIGN = new Set([
  'server/src/cv-io/document-import/cv-finder.ts',
  'server/src/cv-export/cv-document.ts',
]);

function sourceFiles(): Array<{ path: string; code: string }> {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file}`)
      .filter((path) => /\.tsx?$/.test(path) && !isTestFile(path) && !BY_DESIGN.has(path))
      .map((path) => ({ path, code: codeOf(readFileSync(join(ROOT, path), 'utf8')) })),
  );
}

/**
 * The source without comments and without quoted prose. Comments may mention a section; so may
 * a sentence for people ('Your skills deserve to be seen.', an HR placeholder, a cover
 * letter): changing a section never makes anyone edit those, so they are not where a section
 * spreads. A quoted string with a space in it is prose: keys, field names, ids and paths never
 * have one. Template literals stay whole (they carry SQL and paths), and JSX text between tags
 * still counts, as no regex tells it from code reliably.
 */
function codeOf(source: string): string {
  // Comments and literals in one left-to-right pass: a "//" inside a URL string is no comment,
  // and a quote is never paired with the next string's opening quote.
  const token =
    /\/\*[\s\S]*?\*\/|\/\/.*|`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
  return source.replace(token, (t) => {
    if (t.startsWith('/')) return '';
    return t[0] !== '`' && t.includes(' ') ? "''" : t;
  });
}

/** Every name the section goes by in code: key, camel key, CvData field, block ids. */
function namesOf(key: SectionKey): RegExp {
  const section = SECTIONS[key];
  const names = new Set([key, section.cvSource, section.cv.field, ...BLOCK_IDS[key]]);
  const alternatives = [...names].map((n) => n.replace(/-/g, '\\-')).join('|');
  return new RegExp(`(?<![\\w-])(?:${alternatives})(?![\\w-])`);
}

describe('a section is named in at most six source files', () => {
  const files = sourceFiles();
  it.each(SECTION_KEYS)('%s', (key) => {
    const names = namesOf(key);
    const naming = [
      ...new Set(
        files
          .filter((f) => names.test(f.code))
          .map((f) => SAME_PLACE[f.path] ?? relative('.', f.path)),
      ),
    ];
    const still = STILL_SPREAD[key];
    const why = still ? ` (allowed ${still.files} for now: ${still.why})` : '';
    expect(
      naming.length,
      `${key} is named in${why}:\n  ${naming.join('\n  ')}\n`,
    ).toBeLessThanOrEqual(still?.files ?? MAX_FILES);
  });
});

/**
 * The key itself, as code uses a key: quoted ('skill', Entry<'skill'>, SECTIONS['skill']) or
 * as a path segment ('/api/skill', '@vitae/core/sections/skill', './skill.ts'). A property or
 * variable spelled like a key names something else (a skill row's `skill` is its name); the
 * broader test above counts those. Every section holds the limit, with no exception.
 */
describe("a section's key is written in at most six source files", () => {
  const files = sourceFiles();
  it.each(SECTION_KEYS)('%s', (key) => {
    const quoted = new RegExp(`(?<=['"\`/])${key.replace(/-/g, '\\-')}(?=['"\`/?.])`);
    const naming = [
      ...new Set(
        files
          .filter((f) => quoted.test(f.code))
          .map((f) => SAME_PLACE[f.path] ?? relative('.', f.path)),
      ),
    ];
    expect(
      naming.length,
      `'${key}' is written in:\n  ${naming.join('\n  ')}\n`,
    ).toBeLessThanOrEqual(MAX_FILES);
  });
});
