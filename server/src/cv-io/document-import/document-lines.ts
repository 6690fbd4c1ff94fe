/**
 * A CV document (PDF or Word) as the lines a reader sees, in reading order, with the little
 * layout the finder needs: how big the type is, whether it is bold, whether it is a list item.
 */
export interface DocLine {
  text: string;
  /** Type size in points (PDF) or half-points / 2 (Word); 0 when unknown. */
  size: number;
  bold: boolean;
  /** A Word heading style, or a PDF line the layout marks as one (all set by the reader). */
  heading: boolean;
  /** A list item: a Word numbered/bulleted paragraph, or a PDF line that starts with a bullet. */
  bullet: boolean;
  /** Set when the gap above this line is wider than the line spacing (a new block starts). */
  gapAbove: boolean;
}

/** What a reader refuses on: bounded so a hostile file cannot hold the server. */
export const DOCUMENT_LIMITS = {
  /** Pages of a PDF read (a CV has two or three; later pages are ignored). */
  maxPages: 8,
  /** Characters of text kept, all pages together. */
  maxChars: 60_000,
  /** Milliseconds a parse may take before it is stopped (in its worker). */
  timeoutMs: 10_000,
} as const;

export const DOCUMENT_MESSAGES = {
  notPdf:
    'This file is not a PDF: it does not start like one. Export your CV as PDF and try again.',
  unreadablePdf: 'This PDF could not be read: it may be damaged. Export it again and try again.',
  encryptedPdf:
    'This PDF is password-protected: Vitae cannot read it. Save a copy without a password and try again.',
  noText:
    'This PDF has no text to read (is it a scanned image?). Upload the PDF your CV editor exports, or a Word file.',
  notDocx: 'This file is not a Word document (.docx). Save it as .docx and try again.',
  timeout: 'This file took too long to read. Upload a simpler PDF or Word file.',
} as const;

const BULLET = /^[\u2022\u25CF\u25AA\u25A0\u25E6\u2023\u2043\u2219\u00B7•·▪■◦‣*–-]\s+/;

/** A line with a leading bullet mark is a list item; the mark itself is not text. */
export function stripBullet(text: string): { text: string; bullet: boolean } {
  const m = BULLET.exec(text);
  return m ? { text: text.slice(m[0].length).trim(), bullet: true } : { text, bullet: false };
}
