import type { CvData } from '@vitae/core/cv';

/** A CSS string literal of any text (quotes, backslashes and line breaks made safe). */
const cssString = (text: string) =>
  `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n\f]+/g, ' ')}"`;

/**
 * The printed footer from page 2: the person's name and "Page 2 of 3", in the page's bottom
 * margin (CSS page-margin boxes, Chromium 131+). The same rule serves the browser's print
 * dialog and the server's PDF, so both paginate alike.
 */
export function PageFooter({ data }: { data: CvData }) {
  const name = data.personalInfo?.fullName?.trim();
  const label = name ? `${cssString(name)} "  ·  Page "` : '"Page "';
  const css =
    `@page { @bottom-center { content: ${label} counter(page) " of " counter(pages); ` +
    'font: 8pt ui-sans-serif, system-ui, sans-serif; color: #555; } } ' +
    '@page :first { @bottom-center { content: none; } }';
  return <style>{css}</style>;
}
