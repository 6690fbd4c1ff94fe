/**
 * A stored rich text (core/src/rich-text.ts) as paragraphs and lists of runs, for the Word and
 * plain-text exports. What is stored has passed the sanitiser (sections/rich-text.ts): only p,
 * br, strong, em, ul, ol, li and a[href], so a tag reader is enough; anything else is skipped
 * and its text kept. A value without markup is plain text: one paragraph per line.
 */
import { decodeEntities, isRichText, RICH_TEXT_SCHEMES } from '@vitae/core/rich-text';

/** A piece of text with one look; `link` makes it a hyperlink. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  link?: string;
}

export type Block =
  /** `line`: one of a group of short lines (details, contact), set without space between. */
  | { kind: 'paragraph'; runs: Run[]; line?: boolean }
  | { kind: 'list'; ordered: boolean; items: Run[][] };

const TAG = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi;
const HREF = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** An http(s) or mailto address, or undefined: the only links a document carries. */
export function safeLink(href: string | undefined): string | undefined {
  const value = href?.trim();
  if (!value) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme && (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme) ? value : undefined;
}

/** Runs with neighbours of the same look joined, white space collapsed, and the ends trimmed. */
function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const text = run.text.replace(/[ \t\r\n\f]+/g, ' ');
    if (!text) continue;
    const last = out[out.length - 1];
    if (last && last.bold === run.bold && last.italic === run.italic && last.link === run.link) {
      last.text += text;
    } else out.push({ ...run, text });
  }
  if (out[0]) out[0].text = out[0].text.replace(/^ +/, '');
  const end = out[out.length - 1];
  if (end) end.text = end.text.replace(/ +$/, '');
  return out.filter((r) => r.text);
}

/** Plain text: a paragraph per non-empty line. */
function plainBlocks(text: string): Block[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ kind: 'paragraph', runs: [{ text: line }] }));
}

/**
 * Paragraphs and lists of a rich text. A nested list's items join the outer list (the stored
 * markup allows no nesting); a line break inside a paragraph starts a new one.
 */
export function richBlocks(value: string | null | undefined): Block[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  if (!isRichText(value)) return plainBlocks(value);

  const blocks: Block[] = [];
  let runs: Run[] = [];
  let list: Extract<Block, { kind: 'list' }> | null = null;
  let item: Run[] | null = null;
  let bold = 0;
  let italic = 0;
  let link: string | undefined;

  const flush = () => {
    const done = tidy(runs);
    runs = [];
    if (done.length === 0) return;
    if (list && item) {
      // A break inside a list item keeps to the item, as a space.
      if (item.length > 0) item.push({ text: ' ' });
      item.push(...done);
    } else if (list) list.items.push(done);
    else blocks.push({ kind: 'paragraph', runs: done });
  };
  const endItem = () => {
    flush();
    if (list && item) {
      const text = tidy(item);
      if (text.length > 0) list.items.push(text);
    }
    item = null;
  };
  const endList = () => {
    endItem();
    if (list && list.items.length > 0) blocks.push(list);
    list = null;
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    if (!text) return;
    runs.push({
      text,
      ...(bold > 0 ? { bold: true } : {}),
      ...(italic > 0 ? { italic: true } : {}),
      ...(link ? { link } : {}),
    });
  };

  const markup = value.replace(/<!--[\s\S]*?-->/g, '');
  let at = 0;
  for (const match of markup.matchAll(TAG)) {
    addText(markup.slice(at, match.index));
    at = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    switch (tag) {
      case 'strong':
      case 'b':
        bold = Math.max(0, bold + (closing ? -1 : 1));
        break;
      case 'em':
      case 'i':
        italic = Math.max(0, italic + (closing ? -1 : 1));
        break;
      case 'a': {
        if (closing) link = undefined;
        else {
          const href = HREF.exec(match[3] ?? '');
          link = safeLink(href ? decodeEntities(href[2] ?? href[3] ?? href[4] ?? '') : undefined);
        }
        break;
      }
      case 'p':
      case 'br':
        flush();
        break;
      case 'ul':
      case 'ol':
        if (closing) endList();
        else if (!list) {
          flush();
          list = { kind: 'list', ordered: tag === 'ol', items: [] };
        }
        break;
      case 'li':
        if (closing) endItem();
        else {
          if (!list) {
            flush();
            list = { kind: 'list', ordered: false, items: [] };
          }
          endItem();
          item = [];
        }
        break;
      default:
        break;
    }
  }
  addText(markup.slice(at));
  if (list) endList();
  else flush();
  return blocks;
}
