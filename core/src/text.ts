import { z } from 'zod';

/**
 * Text the product stores, shows and mails must be printable: PostgreSQL refuses U+0000 and
 * lone surrogates outright (a 500 before this), and other control characters garble names,
 * mail headers and exports. The product has no wording for this; one message serves every field.
 */
export const UNSUPPORTED_CHARACTERS = 'Please remove unsupported characters.';

// C0 controls, DEL, C1 controls and the noncharacters U+FFFE/U+FFFF. Written as escapes so
// the source itself holds no control character.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
// The same, minus tab, line feed and carriage return, which a multi-line field keeps.
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
// Half of a surrogate pair without its other half: not encodable as UTF-8 at all.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds nothing a single-line field refuses (no tab or line break either). */
export const isSingleLineText = (s: string): boolean =>
  !CONTROLS.test(s) && !LONE_SURROGATE.test(s);

/** True when `s` holds nothing a multi-line field refuses (tab, CR and LF are fine). */
export const isMultiLineText = (s: string): boolean =>
  !CONTROLS_BUT_LINES.test(s) && !LONE_SURROGATE.test(s);

/**
 * A trimmed one-line string (names, titles, ids, search terms) with no control character.
 * Trimmed first, so a pasted value's trailing newline is dropped rather than refused.
 * `error` is the message for a missing or non-string value.
 */
export const singleLineText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine(isSingleLineText, UNSUPPORTED_CHARACTERS);

/**
 * A string that may span lines (descriptions, notes, messages): tab, CR and LF are kept,
 * every other control character is refused. Not trimmed: callers decide.
 */
export const multiLineText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(isMultiLineText, UNSUPPORTED_CHARACTERS);

/** A record id as routes take it: the lookup answers 404 for anything not found. */
export const recordId = () => singleLineText().min(1).max(64);

/** `/:id` path parameters. */
export const idParams = z.object({ id: recordId() });

// The characters a single-line field refuses, for removing rather than refusing.
const UNSUPPORTED_ALL = new RegExp(`${CONTROLS.source}|${LONE_SURROGATE.source}`, 'g');

/**
 * `s` without the characters a single-line field refuses: for values the client does not
 * type and cannot be asked to fix (a User-Agent header may carry C1 bytes), kept as a record.
 */
export const stripUnsupported = (s: string): string => s.replace(UNSUPPORTED_ALL, '');
