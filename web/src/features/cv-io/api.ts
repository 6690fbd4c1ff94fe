import type { ImportMode, ImportResult } from '@vitae/core/json-resume/import-result';
import { API_BASE, ApiError } from '../../lib/api.ts';

export type { ImportMode, ImportResult };

const isZip = (file: File) => /\.zip$/i.test(file.name) || /zip/.test(file.type);

/**
 * Sends the file as it is (a JSON Resume as JSON, a LinkedIn export as a ZIP): the server
 * reads both, so nothing is parsed in the browser. `dryRun` only previews.
 */
export async function uploadImport(
  file: File,
  mode: ImportMode,
  dryRun: boolean,
): Promise<ImportResult> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api/cv/import?mode=${mode}${dryRun ? '&dryRun=1' : ''}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'content-type': isZip(file) ? 'application/zip' : 'application/json',
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
