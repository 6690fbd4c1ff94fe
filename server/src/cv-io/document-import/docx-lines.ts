/**
 * A Word document's paragraphs as lines: word/document.xml read straight from the archive
 * (with the same bounded unzip as the LinkedIn import), its runs' text joined, heading styles,
 * bold and numbered/bulleted paragraphs kept. Tables' cells are read as their own lines.
 */
import { HttpError } from '../../plugins/errors.ts';
import { readZip, ZIP_LIMITS } from '../zip-read.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, stripBullet, type DocLine } from './document-lines.ts';

const DOCUMENT_XML = 'word/document.xml';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });

function paragraphLine(xml: string, prevEmpty: boolean): DocLine | null {
  const parts: string[] = [];
  // Text runs, tabs and breaks, in document order.
  for (const m of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br)\b[^>]*\/>/g)) {
    parts.push(m[1] !== undefined ? unescapeXml(m[1]) : ' ');
  }
  const raw = parts.join('').replace(/\s+/g, ' ').trim();
  if (!raw) return null;
  const style = /<w:pStyle w:val="([^"]+)"/.exec(xml)?.[1] ?? '';
  const size = Number(/<w:sz w:val="(\d+)"/.exec(xml)?.[1] ?? 0) / 2;
  const { text, bullet } = stripBullet(raw);
  return {
    text,
    size,
    bold: /<w:b\/>|<w:b w:val="(true|1|on)"\/>/.test(xml),
    heading: /^(heading|title)/i.test(style),
    bullet: bullet || /<w:numPr>/.test(xml) || /list/i.test(style),
    gapAbove:
      prevEmpty ||
      /^heading/i.test(style) ||
      /<w:spacing [^>]*w:before="([3-9]\d\d|\d{4,})"/.test(xml),
  };
}

/** The document's lines; throws a 400 for a file that is not a Word document. */
export function readDocxLines(bytes: Uint8Array): DocLine[] {
  // A .docx is a ZIP ("PK"): anything else was never one.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new HttpError(400, DOCUMENT_MESSAGES.notDocx);
  let files: Map<string, Uint8Array>;
  try {
    files = readZip(bytes, (name) => name === DOCUMENT_XML, {
      ...ZIP_LIMITS,
      maxReadBytes: 8 * 1024 * 1024,
    });
  } catch {
    throw new HttpError(400, DOCUMENT_MESSAGES.notDocx);
  }
  const xml = files.get(DOCUMENT_XML);
  if (!xml) throw new HttpError(400, DOCUMENT_MESSAGES.notDocx);
  const body = Buffer.from(xml).toString('utf8');
  const lines: DocLine[] = [];
  let chars = 0;
  let prevEmpty = true;
  // An empty paragraph is <w:p/>; any other runs to its </w:p>.
  for (const m of body.matchAll(/<w:p(?:\s[^>]*)?\/>|<w:p(?:\s[^>]*[^/])?>([\s\S]*?)<\/w:p>/g)) {
    const line: DocLine | null = m[1] === undefined ? null : paragraphLine(m[1], prevEmpty);
    prevEmpty = line === null;
    if (!line) continue;
    lines.push(line);
    chars += line.text.length;
    if (chars > DOCUMENT_LIMITS.maxChars) break;
  }
  return lines;
}
