import type { Paper, PdfRenderer, PrintPayload } from '../pdf/index.ts';

/**
 * A PDF renderer that draws nothing and keeps what each PDF was asked for: the tests of a
 * CV's settings (page size, arrangement, design) check that they reach the print page.
 */
export function recordingPdfRenderer() {
  const asked: Array<{ payload: PrintPayload; paper: Paper }> = [];
  const renderer: PdfRenderer = {
    render: (payload, paper) => {
      asked.push({ payload, paper });
      return Promise.resolve(Buffer.from('%PDF-1.4\n%%EOF\n'));
    },
    warm: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { renderer, asked };
}
