import type { Paper, PdfRenderer, PrintPayload } from '../pdf/index.ts';
import type { TestApp } from './build-test-app.ts';

/** A signed-in test user (loginAs). */
export type Who = { cookie: string; userId: string };

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

/** A request to the app as `who` (null: signed out); `app` is read when the call is made. */
export const callAs =
  (app: () => TestApp) => (who: Who | null, method: string, url: string, payload?: unknown) =>
    app().app.inject({
      method: method as 'GET',
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
