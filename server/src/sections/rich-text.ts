/**
 * The one sanitiser of rich text (issue 17; core/src/rich-text.ts says what rich text is).
 * Every write of a rich field goes through it (sections.repo.ts `toRow`: section creates and
 * edits, JSON Resume and LinkedIn imports), and import previews show its output, so nothing
 * outside the allow-list is ever stored or answered: p, br, strong/b, em/i, ul, ol, li and
 * a[href] with http, https or mailto, every link with rel="noopener noreferrer nofollow".
 * A value without markup is plain text and stays exactly as it was.
 */
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_LINK_REL,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
  isRichText,
  richFieldsOf,
  visibleText,
} from '@vitae/core/rich-text';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  // Dropped with everything inside: their content is code or a foreign document, not text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
    'xmp',
    'noembed',
    'noframes',
    'head',
  ],
  disallowedTagsMode: 'discard',
  // One spelling per meaning, and every link's rel forced (whatever was sent).
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (_tag, attribs) => ({
      tagName: 'a',
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: RICH_TEXT_LINK_REL,
      },
    }),
  },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

// Markup without any block or break: its line breaks are the writer's, kept as <br>.
const HAS_LINES = /<(p|br|ul|ol|li|div)\b/i;

/**
 * `value` safe to store and show: markup reduced to the allow-list (markup with no text left
 * becomes ''), plain text untouched. Sanitising its own output changes nothing.
 */
export function sanitizeRichText(value: string): string {
  if (!isRichText(value)) return value;
  const source = HAS_LINES.test(value) ? value : value.replace(/\r?\n/g, '<br>');
  const clean = sanitizeHtml(source, OPTIONS).trim();
  if (visibleText(clean).trim() === '') return '';
  // What is left stays markup, so it is never read back as plain text ("&lt;b&gt;" stays text).
  return isRichText(clean) ? clean : `<p>${clean}</p>`;
}

const RICH_FIELDS = new Map<object, string[]>();

/** A section entry's values with each rich field sanitised (other fields as they are). */
export function sanitizeRichFields<T extends Record<string, unknown>>(
  columns: Record<string, string>,
  values: T,
): T {
  let fields = RICH_FIELDS.get(columns);
  if (!fields) RICH_FIELDS.set(columns, (fields = richFieldsOf(columns)));
  if (!fields.some((f) => typeof values[f] === 'string')) return values;
  const out: Record<string, unknown> = { ...values };
  for (const f of fields) if (typeof out[f] === 'string') out[f] = sanitizeRichText(out[f]);
  return out as T;
}
