import type { DocumentKind } from './read-document.ts';

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The content types the import reads as a CV document (bodies of up to IMPORT_MAX_BYTES). */
export const DOCUMENT_TYPES = [PDF_TYPE, DOCX_TYPE];

/** Which document a request's content type names; null for JSON Resume and LinkedIn ZIPs. */
export function documentKindOf(contentType: string | undefined): DocumentKind | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === PDF_TYPE ? 'pdf' : type === DOCX_TYPE ? 'docx' : null;
}
