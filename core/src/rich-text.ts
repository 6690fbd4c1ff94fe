/**
 * Rich text (issue 17): descriptions, additional info and the personal summary may hold a
 * little HTML (paragraphs, line breaks, bold, italic, bullet and numbered lists, links), which
 * the server sanitises against an allow-list before storing (server/src/sections/rich-text.ts).
 * A value without markup is plain text, kept and shown as it always was (line breaks and all).
 *
 * Core is part of the web bundle: no DOM and no HTML library here, only what the limits, the
 * excerpts and the exports need: telling markup from plain text, and the text a reader sees.
 */

/** The elements a stored rich text may hold (the server's allow-list; the renderer's too). */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'] as const;

/** Link schemes a rich text may use; anything else loses its href. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** The `rel` every stored link carries. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/**
 * The raw value's own cap, as a multiple of the field's visible-text limit: the limit counts
 * what a reader sees, and this keeps the column bounded however much markup surrounds it.
 */
export const RICH_MARKUP_FACTOR = 8;

/** The message when the markup, not the text, is over the raw cap (no product wording). */
export const tooMuchFormatting = (label: string) =>
  `${label} has too much formatting. Please simplify it.`;

// Something shaped like a tag: "<" then a letter or "/" + letter, up to the next ">".
// "I <3 code" and "x < y > z" are plain text; "<b>", "<svg/onload=...>" and "</p>" are markup.
const TAG_LIKE = /<\/?[a-z][^<>]*>/i;

/** True when `value` holds markup (rendered as HTML); false for plain text. */
export const isRichText = (value: string | null | undefined): boolean =>
  typeof value === 'string' && TAG_LIKE.test(value);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201C',
  rdquo: '\u201D',
  bull: '\u2022',
  middot: '\u00B7',
  copy: '\u00A9',
  reg: '\u00AE',
  trade: '\u2122',
  euro: '\u20AC',
  pound: '\u00A3',
};

const codePoint = (n: number) =>
  Number.isInteger(n) && n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff)
    ? String.fromCodePoint(n)
    : '\uFFFD';

/** HTML character references as the characters they stand for (unknown names stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return codePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
  });
}

// Elements whose content is never text a reader sees.
const HIDDEN_CONTENT =
  /<(script|style|template|title|textarea|noscript|svg|math)\b[\s\S]*?<\/\1\s*>/gi;
// Where a line ends in what a reader sees: a break, the end of a paragraph or list item.
const LINE_END = /<br\b[^>]*>|<\/(p|li|ul|ol|div|h[1-6]|blockquote|tr)\s*>/gi;

/**
 * The text a reader sees: for markup, tags stripped, character references decoded, one line
 * per paragraph, list item or break; plain text as it is. The length limits count this
 * (docs/product/builder.md#validation).
 */
export function visibleText(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  if (!isRichText(value)) return value;
  return decodeEntities(
    value
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(HIDDEN_CONTENT, '')
      // HTML collapses its own white space; the line ends come from the elements below.
      .replace(/[ \t\r\n\f]+/g, ' ')
      .replace(LINE_END, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The fields of a section that take rich text: those its `columns` store as 'rich'. */
export const richFieldsOf = (columns: Record<string, string>): string[] =>
  Object.entries(columns)
    .filter(([, kind]) => kind === 'rich')
    .map(([field]) => field);
