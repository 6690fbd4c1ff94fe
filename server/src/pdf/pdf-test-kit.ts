import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { SECTIONS, SECTION_KEYS, type SectionKey } from '@vitae/core';

/** A CV as section key → entries, in the shape the section endpoints take. */
export type CvInput = Partial<Record<SectionKey, Array<Record<string, unknown>>>>;

export const PDF_NAME = 'Thandiwe Mokoena';

const preview = (key: SectionKey) =>
  SECTIONS[key].preview.map((p) => {
    const { _id, ...fields } = p as Record<string, unknown>;
    void _id;
    return { ...(SECTIONS[key].defaults as object), ...fields };
  });

/** Jobs beyond the sample's, each ending in words found nowhere else (to find its page). */
const extraJobs = [
  ['Highveld Mining Analytics', 'Data Engineer', '2014-01-01', '2015-12-31'],
  ['Cape Coastal Insurance', 'Junior Developer', '2012-02-01', '2013-12-31'],
  ['Limpopo Agritech', 'Systems Analyst', '2010-03-01', '2012-01-31'],
  ['Durban Port Systems', 'Intern Developer', '2009-01-01', '2010-02-28'],
  ['Karoo Solar Farms', 'Support Engineer', '2008-01-01', '2008-12-31'],
  ['Garden Route Tourism', 'Web Assistant', '2007-01-01', '2007-12-31'],
  ['Free State Grain Co-op', 'IT Clerk', '2006-01-01', '2006-12-31'],
].map(([company, position, startDate, endDate], i) => ({
  ...(SECTIONS['employment-history'].defaults as object),
  company,
  position,
  startDate,
  endDate,
  current: false,
  description:
    `Maintained the ${company} reporting platform and its nightly data loads, wrote the ` +
    'runbooks the support team still uses, and moved the build to continuous integration. ' +
    `Worked with analysts on dashboards for regional managers; closing mark ${i + 1} of the job.`,
}));

/**
 * SAMPLE_CV with seven more jobs: three pages and more in every layout, even with print's
 * denser type (ink-friendly fits SAMPLE_CV itself on two).
 */
export function longCv(): CvInput {
  const cv = Object.fromEntries(SECTION_KEYS.map((k) => [k, preview(k)])) as CvInput;
  cv['personal-info'] = [{ ...cv['personal-info']![0], fullName: PDF_NAME }];
  cv['employment-history'] = [...cv['employment-history']!, ...extraJobs];
  return cv;
}

/** A short CV: the name, a summary, one job and two skills. */
export function onePageCv(): CvInput {
  const long = longCv();
  return {
    'personal-info': [{ ...(SECTIONS['personal-info'].defaults as object), fullName: PDF_NAME }],
    'personal-summary': long['personal-summary'],
    'employment-history': long['employment-history']!.slice(0, 1),
    skill: long.skill!.slice(0, 2),
  };
}

/** Whitespace-folded, case-folded: how text is compared across the templates' styles. */
export const fold = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

export interface PdfText {
  pages: number;
  /** "595.276 x 841.89 pts (A4)" */
  pageSize: string;
  /** Each page's text, folded. */
  perPage: string[];
  /** The whole text, folded. */
  all: string;
  /** The link targets (poppler's `pdfinfo -url`). */
  urls: string[];
  /** The document's title (its metadata). */
  title: string;
}

/** Reads a PDF with poppler's pdfinfo and pdftotext, page by page. */
export function readPdf(pdf: Buffer): PdfText {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-pdf-'));
  try {
    const file = path.join(dir, 'cv.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const pageSize = /^Page size:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? '';
    const perPage = Array.from({ length: pages }, (_, i) =>
      fold(
        execFileSync('pdftotext', ['-raw', '-f', String(i + 1), '-l', String(i + 1), file, '-'], {
          encoding: 'utf8',
        }),
      ),
    );
    const urls = execFileSync('pdfinfo', ['-url', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/).slice(2).join(' '));
    const title = /^Title:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? '';
    return { pages, pageSize, perPage, all: perPage.join(' '), urls, title };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of a PDF page as poppler lays it out, in points from the page's top left. */
export interface PdfLine {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#\d+|\w+);/g, (m, e: string) =>
    e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );

/** Each page's lines with their boxes (poppler's `pdftotext -bbox-layout`). */
export function readLines(pdf: Buffer): PdfLine[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-pdf-'));
  try {
    const file = path.join(dir, 'cv.pdf');
    fs.writeFileSync(file, pdf);
    const xml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
    return xml
      .split('<page ')
      .slice(1)
      .map((page) =>
        Array.from(page.matchAll(/<line ([^>]*)>([\s\S]*?)<\/line>/g), ([, attrs, body]) => {
          const at = (name: string) => Number(new RegExp(`${name}="([^"]+)"`).exec(attrs!)![1]);
          const words = Array.from(body!.matchAll(/<word[^>]*>([^<]*)<\/word>/g), (w) => w[1]);
          return {
            text: unescapeXml(words.join(' ')),
            xMin: at('xMin'),
            yMin: at('yMin'),
            xMax: at('xMax'),
            yMax: at('yMax'),
          };
        }),
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The pages (1-based) whose text holds `needle`. */
export const pagesWith = (text: PdfText, needle: string): number[] =>
  text.perPage.flatMap((page, i) => (page.includes(fold(needle)) ? [i + 1] : []));

/** Whether poppler's tools are installed (the tests need them to read the PDFs). */
export function hasPoppler(): boolean {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** One page of a PDF as pixels (poppler's pdftoppm at 30 dpi): enough to tell colours apart. */
export interface PagePixels {
  width: number;
  height: number;
  /** The colour at a point given as fractions of the page's width and height, as "#rrggbb". */
  at(x: number, y: number): string;
}

export async function pagePixels(pdf: Buffer, page: number): Promise<PagePixels> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-pdf-'));
  try {
    const file = path.join(dir, 'cv.pdf');
    fs.writeFileSync(file, pdf);
    const at = String(page);
    const png = execFileSync('pdftoppm', ['-r', '30', '-f', at, '-l', at, '-png', file]);
    const { data, info } = await sharp(png)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    return {
      width: info.width,
      height: info.height,
      at(x, y) {
        const px = Math.min(info.width - 1, Math.round(x * info.width));
        const py = Math.min(info.height - 1, Math.round(y * info.height));
        const i = (py * info.width + px) * info.channels;
        return `#${hex(data[i]!)}${hex(data[i + 1]!)}${hex(data[i + 2]!)}`;
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
