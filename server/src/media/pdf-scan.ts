import zlib from 'node:zlib';

/**
 * Action types a PDF viewer would run: JavaScript (also how auto-run scripts are named in
 * /OpenAction and the document's name tree) and Launch (opens programs). A plain
 * /OpenAction that only sets the first view is common and harmless, so it is not a match.
 */
const ACTIVE_NAME = /\/(?:JavaScript|Launch)(?=[\s/<>[\](){}%]|$)/;

/** Names may spell any byte as #xx (`/J#61vaScript`); spell them out before matching. */
const unescapeNames = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const hasActiveName = (bytes: Buffer) => ACTIVE_NAME.test(unescapeNames(bytes.toString('latin1')));

/** Bytes of inflated stream content scanned at most (a small PDF can inflate enormously). */
const INFLATE_BUDGET = 64 * 1024 * 1024;
const STREAM_CAP = 16 * 1024 * 1024;

/**
 * Whether a PDF carries scripts or launch actions, in its plain bytes or inside Flate
 * streams (object streams hide dictionaries there). A byte scan, not a parser: other
 * filters and encrypted files are not opened; the sandbox the files are served under
 * stays the real defence.
 */
export function pdfHasActiveContent(pdf: Buffer): boolean {
  if (hasActiveName(pdf)) return true;
  let budget = INFLATE_BUDGET;
  const text = pdf.toString('latin1');
  const streamStart = /(?<!end)stream\r?\n/g;
  for (let m = streamStart.exec(text); m && budget > 0; m = streamStart.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streamStart.lastIndex = end + 'endstream'.length;
    const cap = Math.min(budget, STREAM_CAP);
    try {
      const inflated = zlib.inflateSync(pdf.subarray(start, end), {
        maxOutputLength: cap,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
      budget -= inflated.length;
      if (hasActiveName(inflated)) return true;
    } catch (err) {
      // Too big counts as spent; anything else is not Flate (or not whole): nothing to read.
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') budget -= cap;
    }
  }
  return false;
}
