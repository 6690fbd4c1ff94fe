import { API_BASE } from '../../lib/api.ts';
import { fileNameOf, save } from './save-file.ts';

export type Paper = 'a4' | 'letter';
export type PdfLayout = 'ink' | 'template';

const PAPER_KEY = 'vitae.pdfPaper';

/** The paper last chosen on this device; A4 until then. */
export function rememberedPaper(): Paper {
  try {
    return localStorage.getItem(PAPER_KEY) === 'letter' ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

export function rememberPaper(paper: Paper): void {
  try {
    localStorage.setItem(PAPER_KEY, paper);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

/** The server has no Chromium: the caller opens the print dialog instead. */
export class PdfUnavailableError extends Error {}

/**
 * Fetches the PDF the server renders and saves it. Throws PdfUnavailableError when the server
 * cannot make PDFs, or an Error with the server's message.
 */
export async function downloadPdf(
  path: string,
  { template, paper, version }: { template?: string; paper: Paper; version?: string | null },
): Promise<void> {
  const query = new URLSearchParams({ paper });
  if (template) query.set('template', template);
  if (version) query.set('version', version);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}?${query.toString()}`, { credentials: 'include' });
  } catch {
    throw new Error('Network error. Please try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    if (res.status === 503 && body.code === 'pdf_unavailable') throw new PdfUnavailableError();
    throw new Error(body.error ?? `The PDF could not be made (${res.status}).`);
  }
  save(await res.blob(), fileNameOf(res, 'CV.pdf'));
}
