import { API_BASE } from '../../lib/api.ts';

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

/** "Thandiwe-Mokoena-CV.pdf" from `content-disposition` (filename* first). */
function fileNameOf(res: Response): string {
  const header = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? 'CV.pdf';
}

/** Hands a file to the browser's downloads. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Fetches the PDF the server renders and saves it. Throws PdfUnavailableError when the server
 * cannot make PDFs, or an Error with the server's message.
 */
export async function downloadPdf(
  path: string,
  { template, paper }: { template?: string; paper: Paper },
): Promise<void> {
  const query = new URLSearchParams({ paper });
  if (template) query.set('template', template);
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
  save(await res.blob(), fileNameOf(res));
}
