import type { ImportMode, ImportResult, ImportTarget } from '@vitae/core/json-resume/import-result';
import { API_BASE, ApiError } from '../../lib/api.ts';

export type { ImportMode, ImportResult, ImportTarget };

/**
 * How the user chose to import: add to or replace sections (as of old), or (issue 30) make a
 * new CV of the file, or lay one of their CVs out as the file says; both of those merge.
 */
export type ImportHow = ImportMode | ImportTarget['kind'];

/** The query of an import: `mode=`, or `target=` (and `version=`) for a CV version. */
export function importQuery(how: ImportHow, versionId: string | null, dryRun: boolean): string {
  const q = new URLSearchParams();
  if (how === 'new' || how === 'version') q.set('target', how);
  else q.set('mode', how);
  if (how === 'version' && versionId) q.set('version', versionId);
  if (dryRun) q.set('dryRun', '1');
  return q.toString();
}

const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The content type the server reads the file as: by its name first (types vary by OS). */
function contentTypeOf(file: File): string {
  if (/\.pdf$/i.test(file.name) || file.type === 'application/pdf') return 'application/pdf';
  if (/\.docx$/i.test(file.name) || file.type === DOCX_TYPE) return DOCX_TYPE;
  return isZip(file) ? 'application/zip' : 'application/json';
}

/**
 * Sends the file as it is (a JSON Resume as JSON, a LinkedIn export as a ZIP, a CV as PDF or
 * Word): the server reads them all, so nothing is parsed in the browser. `dryRun` only previews.
 */
export async function uploadImport(
  file: File,
  how: ImportHow,
  dryRun: boolean,
  versionId: string | null = null,
): Promise<ImportResult> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api/cv/import?${importQuery(how, versionId, dryRun)}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'content-type': contentTypeOf(file),
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'Network error. Please try again.');
  }
  const body = (await res.json().catch(() => null)) as (ImportResult & { error?: string }) | null;
  if (!res.ok || !body || typeof body.error === 'string') {
    throw new ApiError(res.status, body?.error ?? `Import failed (${res.status})`);
  }
  return body;
}
