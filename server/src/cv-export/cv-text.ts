/**
 * A CV document (cv-document.ts) as plain text in reading order: the name underlined with "=",
 * each section's title with "-", entries as their title and the line under it, bullets as
 * "- ", numbered items as "1. ", a link as its text and, when they differ, its address.
 */
import type { CvDocument, DocItem } from './cv-document.ts';
import type { Run } from './rich-blocks.ts';

const isLine = (item: DocItem) => item.kind === 'paragraph' && item.line === true;
const width = (text: string) => [...text].length;
const underline = (text: string, mark: string) => `${text}\n${mark.repeat(width(text))}`;

function line(runs: Run[]): string {
  return runs
    .map((run) => {
      if (!run.link) return run.text;
      const address = run.link.replace(/^mailto:/i, '');
      return run.text.trim() === address || run.text.trim() === run.link
        ? run.text
        : `${run.text} (${address})`;
    })
    .join('');
}

function itemText(item: DocItem): string {
  if (item.kind === 'paragraph') return line(item.runs);
  if (item.kind === 'list') {
    return item.items
      .map((runs, i) => `${item.ordered ? `${i + 1}.` : '-'} ${line(runs)}`)
      .join('\n');
  }
  const under = [item.title ? item.subtitle : '', item.dates].filter(Boolean).join(' · ');
  return [item.title || item.subtitle, under, ...item.body.map(itemText)]
    .filter(Boolean)
    .join('\n');
}

/** The .txt file of a CV (UTF-8, LF line ends, a blank line between blocks). */
export function cvText(doc: CvDocument): string {
  const parts: string[] = [];
  const header = [
    doc.name ? underline(doc.name, '=') : '',
    doc.headline,
    doc.contact.map(line).join('\n'),
  ].filter(Boolean);
  if (header.length > 0) parts.push(header.join('\n'));
  for (const section of doc.sections) {
    parts.push(underline(section.title, '-'));
    let previous: DocItem | undefined;
    for (const item of section.items) {
      // Lines of one group (personal details) stay together.
      if (isLine(item) && previous && isLine(previous))
        parts[parts.length - 1] += `\n${itemText(item)}`;
      else parts.push(itemText(item));
      previous = item;
    }
  }
  return `${parts.join('\n\n')}\n`;
}
