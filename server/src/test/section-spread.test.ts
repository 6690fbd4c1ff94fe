import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core';

/*
 * Issue 13: a section lives in six places — its definition, the registry, its form, the form
 * registry (section-uis.ts), its template block (section-blocks.tsx) and the layouts
 * (layouts.ts). Every other file derives from those, so adding a field or a section stays cheap.
 * This test fails when a section's name spreads to a seventh non-test source file.
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

const THEME_MEMBER = 'every template theme has a renderer member named for its list';
const HR = 'HR browse filters and cards';

/**
 * Sections still named in more files, with the reason; lower a number as files derive from
 * the registry, never raise it. `contact` and `secondary` are left out of BLOCK_IDS above:
 * as words they name the header's contact list and a button variant too.
 */
const STILL_SPREAD: Partial<Record<SectionKey, { files: number; why: string }>> = {
  'personal-info': { files: 17, why: 'headers, heading routes and HR read data.personalInfo' },
  'contact-info': { files: 8, why: 'status rules and the header contact list' },
  'personal-summary': { files: 33, why: `${THEME_MEMBER}; 'summary' is also a common word` },
  experience: { files: 13, why: `${HR}; landing copy` },
  skill: { files: 36, why: `${THEME_MEMBER}; ${HR}` },
  language: { files: 31, why: `${THEME_MEMBER}; ${HR}` },
  attribute: { files: 18, why: THEME_MEMBER },
  interest: { files: 20, why: THEME_MEMBER },
  reference: { files: 8, why: 'the JSON Resume mapping; landing copy' },
};

const ROOT = join(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['core/src', 'server/src', 'web/src'];
const isTestFile = (path: string) =>
  /\.test\.tsx?$|test-kit|test-utils|\/test\/|\/migrations\//.test(path);

function sourceFiles(): Array<{ path: string; code: string }> {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file}`)
      .filter((path) => /\.tsx?$/.test(path) && !isTestFile(path))
      // Comments may mention a section; only code counts.
      .map((path) => ({
        path,
        code: readFileSync(join(ROOT, path), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
      })),
  );
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
    const naming = files.filter((f) => names.test(f.code)).map((f) => relative('.', f.path));
    const still = STILL_SPREAD[key];
    const why = still ? ` (allowed ${still.files} for now: ${still.why})` : '';
    expect(
      naming.length,
      `${key} is named in${why}:\n  ${naming.join('\n  ')}\n`,
    ).toBeLessThanOrEqual(still?.files ?? MAX_FILES);
  });
});
