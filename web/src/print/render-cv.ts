import type { CvData } from '@vitae/core/cv';

/** What the server's PDF renderer hands the print page for one CV. */
export interface PrintPayload {
  data: CvData;
  /** template01..template10 (unknown ids fall back to template01) or "ink-friendly". */
  layout: string;
}

declare global {
  interface Window {
    /** Draws one CV and resolves once its fonts and images are ready to print. */
    renderCv?: (payload: PrintPayload) => Promise<void>;
    /** Set once the print page can take a CV: the renderer waits for it after loading. */
    printReady?: boolean;
  }
}
