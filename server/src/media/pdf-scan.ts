import zlib from 'node:zlib';

/**
 * `c` as a PDF name may write it: itself, or `#xx` with the hex digits in either case
 * (`/J#61vaScript`). Matching the written form spares decoding a whole file first, which a
 * file of nothing but escapes made slow.
 */
function spelled(c: string): string {
  const hex = c
    .charCodeAt(0)
    .toString(16)
    .padStart(2, '0')
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
  return `(?:${c.replace(/[/\\^$.*+?()[\]{}|]/g, '\\$&')}|#${hex})`;
}

const spelledWord = (word: string) => [...word].map(spelled).join('');

/** What ends a name: white space (as `\s` reads a latin1 byte) and the PDF delimiters. */
const NAME_ENDS = '\t\n\v\f\r \u00a0/<>[](){}%';

/**
 * Action types a PDF viewer would run: JavaScript (also how auto-run scripts are named in
 * /OpenAction and the document's name tree) and Launch (opens programs). A plain
 * /OpenAction that only sets the first view is common and harmless, so it is not a match.
 * Every character may be escaped, the slash and the delimiter after the name too.
 */
const ACTIVE_NAME = new RegExp(
  `${spelled('/')}(?:${spelledWord('JavaScript')}|${spelledWord('Launch')})` +
    `(?=${[...NAME_ENDS].map(spelled).join('|')}|$)`,
);

const hasActiveName = (bytes: Buffer) => ACTIVE_NAME.test(bytes.toString('latin1'));

/** Bytes of inflated stream content scanned at most (a small PDF can inflate enormously). */
const INFLATE_BUDGET = 64 * 1024 * 1024;
const STREAM_CAP = 16 * 1024 * 1024;
/**
 * What every stream costs the budget at least, readable or not: starting an inflate is work
 * even when it yields nothing, and a 5 MB file holds hundreds of thousands of tiny streams.
 */
const MIN_STREAM_COST = 4 * 1024;
/** A Flate stream that fails part way: zlib's error costs ~60 µs, 15 times a tiny inflate. */
const BROKEN_STREAM_COST = 256 * 1024;
/** Streams looked at, at most, whatever they cost. */
const MAX_STREAMS = 10_000;

export const PDF_SCAN_LIMITS = {
  INFLATE_BUDGET,
  MIN_STREAM_COST,
  BROKEN_STREAM_COST,
  MAX_STREAMS,
} as const;

export interface PdfScan {
  active: boolean;
  /** How many streams were opened. */
  streams: number;
}

/**
 * The two bytes zlib checks before inflating (method 8, window at most 32K, no preset
 * dictionary, check sum): without them inflating throws, slowly, and reads nothing.
 */
function hasZlibHeader(data: Buffer): boolean {
  const [cmf = 0, flg = 0] = data;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (flg & 0x20) === 0 && (cmf * 256 + flg) % 31 === 0;
}

/** Inflates one stream up to `cap` bytes: whether it names an action, and what it cost. */
function scanStream(data: Buffer, cap: number): { active: boolean; cost: number } {
  // Not Flate (an image, another filter, plain content): nothing to read.
  if (!hasZlibHeader(data)) return { active: false, cost: 0 };
  try {
    const inflated = zlib.inflateSync(data, {
      maxOutputLength: cap,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    return { active: hasActiveName(inflated), cost: inflated.length };
  } catch (err) {
    // Too big counts as spent; anything else is broken Flate: nothing to read.
    const tooBig = (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    return { active: false, cost: tooBig ? cap : BROKEN_STREAM_COST };
  }
}

/**
 * Whether a PDF carries scripts or launch actions, in its plain bytes or inside Flate
 * streams (object streams hide dictionaries there). A byte scan, not a parser: other
 * filters and encrypted files are not opened, and streams past the budget or the stream
 * count go unread (the file is accepted); the sandbox the files are served under stays the
 * real defence.
 */
export function scanPdf(pdf: Buffer): PdfScan {
  if (hasActiveName(pdf)) return { active: true, streams: 0 };
  let budget = INFLATE_BUDGET;
  let streams = 0;
  const text = pdf.toString('latin1');
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    if (budget <= 0 || streams >= MAX_STREAMS) break;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streamStart.lastIndex = end + 'endstream'.length;
    streams += 1;
    const { active, cost } = scanStream(pdf.subarray(start, end), Math.min(budget, STREAM_CAP));
    if (active) return { active, streams };
    budget -= Math.max(cost, MIN_STREAM_COST);
  }
  return { active: false, streams };
}

export const pdfHasActiveContent = (pdf: Buffer): boolean => scanPdf(pdf).active;
