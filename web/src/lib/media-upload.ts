import type { CloudUploadResponse, UploadKind, UploadSignature } from '@vitae/core/media';
import { API_BASE, api } from './api.ts';

/*
 * The signed-upload flow (design, API departure 2): ask for a signature, then post the
 * file with it to our media service. XHR rather than fetch, for upload progress.
 * Used by the photo, certificate and first impression screens.
 */

export function requestSignature(preset: 'photo' | 'none'): Promise<UploadSignature> {
  return api.post<UploadSignature>(
    `/api/cloudinary/signature-request-${preset === 'photo' ? 'photo' : 'no'}-preset`,
  );
}

export class UploadError extends Error {}

export function uploadToMedia(
  kind: UploadKind,
  file: Blob,
  filename: string,
  sig: UploadSignature,
  opts: { preset?: 'photo'; onProgress?: (percent: number) => void } = {},
): Promise<CloudUploadResponse> {
  const form = new FormData();
  form.append('file', file, filename);
  form.append('api_key', sig.apiKey);
  form.append('timestamp', String(sig.timestamp));
  form.append('signature', sig.signature);
  if (opts.preset) form.append('upload_preset', opts.preset);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/media/${kind}/upload`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new UploadError('Network error. Please try again.'));
    xhr.onload = () => {
      let body: { error?: string } & Partial<CloudUploadResponse> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: handled below */
      }
      if (xhr.status >= 200 && xhr.status < 300 && !body.error && body.public_id) {
        resolve(body as CloudUploadResponse);
      } else {
        reject(new UploadError(body.error ?? `Upload failed: ${xhr.status} ${xhr.statusText}`));
      }
    };
    xhr.send(form);
  });
}

/** Media URLs come back relative to the API host; make them usable from the page. */
export const mediaSrc = (url: string): string => (url.startsWith('/') ? `${API_BASE}${url}` : url);

/**
 * Gives back an upload no record will use (a save that failed after the upload).
 * Best effort: the server also leaves unused uploads alone otherwise.
 */
export function discardUpload(publicId: string): void {
  void api
    .post('/api/photo-service/delete-large-certificate', { imageFile: publicId })
    .catch(() => undefined);
}
