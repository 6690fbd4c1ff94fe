import type { Readable } from 'node:stream';
import type { CvData } from '@vitae/core';
import { CONTENT_TYPES, keyFromMediaUrl } from '../media/index.ts';
import type { Storage } from '../plugins/storage.ts';

/** A photo larger than this is left out of the PDF rather than held in memory. */
const MAX_PHOTO_BYTES = 12 * 1024 * 1024;

async function readAtMost(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The CV's photo (its signed media URL) read from storage, with its content type: no request
 * that needs a session or a signed URL. Null when there is none, or it is missing or too large.
 */
export async function photoFromStorage(
  storage: Storage,
  url: string | null,
): Promise<{ type: string; bytes: Buffer } | null> {
  const key = url ? keyFromMediaUrl(url) : null;
  const type = key ? CONTENT_TYPES[key.split('.').pop()!] : undefined;
  if (!key || !type?.startsWith('image/')) return null;
  const stream = await storage.read(key);
  const bytes = stream && (await readAtMost(stream, MAX_PHOTO_BYTES));
  return bytes ? { type, bytes } : null;
}

/** The photo as a data: URL, for the print page (see photoFromStorage). */
export async function photoDataUrl(storage: Storage, url: string | null): Promise<string | null> {
  const photo = await photoFromStorage(storage, url);
  return photo ? `data:${photo.type};base64,${photo.bytes.toString('base64')}` : null;
}

/** What the print page needs of a CV: no media URLs, the photo inline. */
export async function printableCv(storage: Storage, data: CvData): Promise<CvData> {
  return {
    ...data,
    assignedPhotoUrl: await photoDataUrl(storage, data.assignedPhotoUrl),
    firstImpression: null,
    certificates: [],
  };
}

/**
 * `attachment; filename="Thandiwe-Mokoena-CV.pdf"; filename*=UTF-8''…`: an ASCII name every
 * client understands, and the exact one (accents kept) for those that read filename*. The
 * Word and plain-text downloads (cv-export) name theirs the same way, with their extension.
 */
export function cvDisposition(fullName: string | null | undefined, extension: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const ascii = words
    .map((w) =>
      w
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean);
  const utf8 = words.map((w) => w.replace(/[\\/:*?"<>|]+/g, '-'));
  const name = (parts: string[]) =>
    [parts.join('-').slice(0, 100), 'CV'].filter(Boolean).join('-') + `.${extension}`;
  return `attachment; filename="${name(ascii)}"; filename*=UTF-8''${encodeURIComponent(name(utf8))}`;
}

export const pdfDisposition = (fullName: string | null | undefined): string =>
  cvDisposition(fullName, 'pdf');
