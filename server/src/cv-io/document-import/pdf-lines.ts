/**
 * A PDF's text as lines in reading order, from pdf.js's text items (each with its position and
 * size). Two-column layouts are read column by column: a band of rows whose text never crosses
 * one vertical gutter is emitted left column first, then right.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { HttpError } from '../../plugins/errors.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, stripBullet, type DocLine } from './document-lines.ts';

export interface Item {
  str: string;
  x: number;
  /** Baseline, from the page's top. */
  y: number;
  w: number;
  size: number;
  bold: boolean;
}

/** A run of items on one baseline with no wide gap: one cell of the page's layout. */
interface Segment {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
  bold: boolean;
}

const isPdf = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-');

function segmentsOf(row: Item[]): Segment[] {
  const out: Segment[] = [];
  let cur: Segment | null = null;
  for (const it of row.sort((a, b) => a.x - b.x)) {
    const gap = cur ? it.x - cur.right : 0;
    // A gap wider than a couple of letters is layout (a tab stop, a column), not a space.
    // So is a change of type size: a heading set in the margin beside an entry's title.
    const resized = cur && Math.max(it.size, cur.size) / Math.min(it.size, cur.size) > 1.15;
    if (!cur || resized || gap > Math.max(it.size, cur.size) * 0.9) {
      cur = { text: it.str, x: it.x, right: it.x + it.w, y: it.y, size: it.size, bold: it.bold };
      out.push(cur);
      continue;
    }
    const space = gap > it.size * 0.15 && !cur.text.endsWith(' ') && !it.str.startsWith(' ');
    cur.text += (space ? ' ' : '') + it.str;
    cur.right = Math.max(cur.right, it.x + it.w);
    cur.size = Math.max(cur.size, it.size);
    cur.bold ||= it.bold;
  }
  // Icon fonts (a phone, an envelope) draw private-use characters: no text to read.
  const clean = (t: string) =>
    t
      .replace(/[\uE000-\uF8FF]/g, '')
      // Nor do control and zero-width characters (an icon font's glyphs may map to U+0000).
      .replace(/[\p{Cc}\u00AD\u200B-\u200F\u2060\uFEFF]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return out.map((s) => ({ ...s, text: clean(s.text) })).filter((s) => s.text);
}

function rowsOf(items: Item[]): Segment[][] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const it of sorted) {
    const last = rows.at(-1);
    if (last && Math.abs(last[0]!.y - it.y) <= Math.max(2, it.size * 0.35)) last.push(it);
    else rows.push([it]);
  }
  return rows.map(segmentsOf).filter((r) => r.length);
}

/** The x of a gutter that splits the page into two columns, or null for one column. */
/** The part of the page a block of text spans, left and right. */
type Span = readonly [number, number];

function gutterOf(rows: Segment[][], [x0, x1]: Span): number | null {
  const segs = rows.flat();
  const total = segs.reduce((n, s) => n + s.text.length, 0);
  if (!total) return null;
  let best: { x: number; crossing: number } | null = null;
  const width = x1 - x0;
  for (let x = x0 + width * 0.2; x <= x0 + width * 0.8; x += 2) {
    let crossing = 0;
    let left = 0;
    for (const s of segs) {
      if (s.x < x && s.right > x) crossing += s.text.length;
      else if (s.right <= x) left += s.text.length;
    }
    const right = total - crossing - left;
    // Both sides must carry real text: a column of dates alone is not a column.
    if (left < total * 0.12 || right < total * 0.12) continue;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  return best && best.crossing <= total * 0.06 ? best.x : null;
}

/** Segments back into rows (same baseline), top to bottom. */
function regroup(segs: Segment[]): Segment[][] {
  const rows: Segment[][] = [];
  for (const s of segs) {
    const last = rows.at(-1);
    if (last && Math.abs(last[0]!.y - s.y) <= Math.max(2, s.size * 0.35)) last.push(s);
    else rows.push([s]);
  }
  return rows;
}

/** Columns nest (a newspaper's three): each side is read the same way, a few levels deep. */
function columnOrder(segs: Segment[], span: Span, depth: number): Segment[] {
  const rows = regroup(segs);
  if (depth >= 3) return rows.flat();
  const gutter = gutterOf(rows, span);
  return gutter === null ? bandOrder(rows, span, depth) : readingOrder(rows, gutter, span, depth);
}

/** Rows in reading order: within each band that respects the gutter, left then right. */
function readingOrder(rows: Segment[][], gutter: number, [x0, x1]: Span, depth: number): Segment[] {
  const out: Segment[] = [];
  let left: Segment[] = [];
  let right: Segment[] = [];
  const flush = () => {
    out.push(...columnOrder(left, [x0, gutter], depth + 1));
    out.push(...columnOrder(right, [gutter, x1], depth + 1));
    left = [];
    right = [];
  };
  for (const row of rows) {
    if (row.some((s) => s.x < gutter && s.right > gutter)) {
      flush();
      out.push(...row);
      continue;
    }
    for (const s of row) (s.right <= gutter ? left : right).push(s);
  }
  flush();
  return out;
}

/** Gutter positions a row leaves free: x steps between 20 % and 80 % of the span. */
function freeXs(row: Segment[], [x0, x1]: Span): Set<number> {
  const free = new Set<number>();
  const width = x1 - x0;
  for (let x = Math.round(x0 + width * 0.2); x <= x0 + width * 0.8; x += 4) {
    if (!row.some((s) => s.x - 2 < x && s.right + 2 > x)) free.add(x);
  }
  return free;
}

/** The middle of the longest run of free positions. */
function middleOf(free: Set<number>): number {
  const xs = [...free].sort((a, b) => a - b);
  let best: number[] = [];
  let run: number[] = [];
  for (const x of xs) {
    run = run.length && x - run.at(-1)! === 4 ? [...run, x] : [x];
    if (run.length > best.length) best = run;
  }
  return best[Math.floor(best.length / 2)]!;
}

/**
 * Reading order for a page with no page-wide gutter: a run of three or more rows that share
 * a gutter, with text on both sides of it, is a band of two columns (skills beside
 * languages) and is read left column first.
 */
function bandOrder(rows: Segment[][], span: Span, depth: number): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  while (i < rows.length) {
    // frees[m]: the gutter positions rows i..i+m all leave free.
    const frees = [freeXs(rows[i]!, span)];
    let j = i + 1;
    while (j < rows.length && frees.at(-1)!.size) {
      const next = freeXs(rows[j]!, span);
      const both = new Set([...frees.at(-1)!].filter((x) => next.has(x)));
      if (!both.size) break;
      frees.push(both);
      j += 1;
    }
    const gutterAt = (end: number) => {
      const free = frees[end - i - 1]!;
      return free.size ? middleOf(free) : 0;
    };
    // Rows below the band's last row with text on both sides belong to it only when they stay
    // inside its columns (a longer list on one side); one that reaches past them (the next
    // section's title) means the band ended and the page is back in one column.
    const sides = (r: Segment[], x: number) =>
      r.some((s) => s.right <= x) && r.some((s) => s.x >= x);
    let k = j;
    while (k > i + 1 && !sides(rows[k - 1]!, gutterAt(k))) k -= 1;
    const x = gutterAt(k);
    const inner = rows
      .slice(i, k)
      .filter((r) => sides(r, x))
      .flat();
    const leftEdge = Math.max(...inner.filter((s) => s.right <= x).map((s) => s.right));
    const rightEdge = Math.min(...inner.filter((s) => s.x >= x).map((s) => s.x));
    const fits = (s: Segment) => (s.right <= x ? s.right <= leftEdge + 4 : s.x >= rightEdge - 4);
    if (!rows.slice(k, j).every((r) => r.every(fits))) j = k;
    const band = rows.slice(i, j);
    const leftRows = band.filter((r) => r.some((s) => s.right <= x)).length;
    const rightRows = band.filter((r) => r.some((s) => s.x >= x)).length;
    if (band.length >= 3 && leftRows >= 2 && rightRows >= 2) {
      out.push(...readingOrder(band, x, span, depth));
      i = j;
    } else {
      out.push(...rows[i]!);
      i += 1;
    }
  }
  return out;
}

function toLines(segs: Segment[]): DocLine[] {
  return segs.map((s, i) => {
    const prev = segs[i - 1];
    const { text, bullet } = stripBullet(s.text);
    return {
      text,
      size: Math.round(s.size * 10) / 10,
      bold: s.bold,
      heading: false,
      bullet,
      gapAbove: !prev || s.y - prev.y > Math.max(s.size, prev.size) * 1.9 || s.y < prev.y,
    };
  });
}

/** One page's text items (positions from the page's top) as lines in reading order. */
export function pageLinesOf(items: Item[], width: number): DocLine[] {
  return toLines(columnOrder(rowsOf(items).flat(), [0, width], 0));
}

interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  fontName?: string;
}

/** The PDF's lines; throws a 400 with the reason for a file that is no readable PDF. */
export async function readPdfLines(bytes: Uint8Array): Promise<DocLine[]> {
  if (!isPdf(bytes)) throw new HttpError(400, DOCUMENT_MESSAGES.notPdf);
  let doc;
  try {
    doc = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (err) {
    if ((err as Error | null)?.name === 'PasswordException')
      throw new HttpError(400, DOCUMENT_MESSAGES.encryptedPdf);
    throw new HttpError(400, DOCUMENT_MESSAGES.unreadablePdf);
  }
  try {
    const lines: DocLine[] = [];
    let chars = 0;
    const pages = Math.min(doc.numPages, DOCUMENT_LIMITS.maxPages);
    for (let p = 1; p <= pages && chars < DOCUMENT_LIMITS.maxChars; p++) {
      const page = await doc.getPage(p);
      const [, , width = 600, height = 842] = page.view;
      const content = await page.getTextContent();
      const styles = content.styles as Record<string, { fontFamily?: string }>;
      const items: Item[] = [];
      for (const raw of content.items as TextItemLike[]) {
        if (!raw.str || !raw.transform) continue;
        const [a = 0, b = 0, , d = 0, e = 0, f = 0] = raw.transform;
        const size = Math.hypot(a, b) || Math.abs(d);
        if (size < 2) continue;
        const font = `${raw.fontName ?? ''} ${styles[raw.fontName ?? '']?.fontFamily ?? ''}`;
        items.push({
          str: raw.str,
          x: e,
          y: height - f,
          w: raw.width ?? 0,
          size,
          bold: /bold|black|heavy|semibold/i.test(font),
        });
      }
      const pageLines = pageLinesOf(items, width);
      for (const line of pageLines) chars += line.text.length;
      lines.push(...pageLines);
      page.cleanup();
    }
    if (!lines.some((l) => /[a-z]{2}/i.test(l.text)))
      throw new HttpError(400, DOCUMENT_MESSAGES.noText);
    return lines.slice(0, lines.length);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, DOCUMENT_MESSAGES.unreadablePdf);
  } finally {
    await doc.destroy();
  }
}
