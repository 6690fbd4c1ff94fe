import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { HttpError } from '../plugins/errors.ts';

/** How much a ZIP we read may hold: LinkedIn's export is a few hundred KB of CSV. */
export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes the whole archive declares. */
  maxTotalBytes: number;
  /**
   * Uncompressed bytes of all the files we read, together: they are unpacked and parsed
   * synchronously, while every other request waits (2 MiB of CSV parse in about 0.1 s).
   */
  maxReadBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxTotalBytes: 200 * 1024 * 1024,
  maxReadBytes: 2 * 1024 * 1024,
};

export const ZIP_MALFORMED = 'This file is not a readable ZIP archive.';
export const ZIP_TOO_BIG =
  'This ZIP unpacks to more than Vitae reads: is it the data export LinkedIn emailed you?';
export const ZIP_TOO_MANY_FILES = 'This ZIP holds too many files to be a LinkedIn data export.';

/** Compressed input is fed in small slices so one inflate step never yields a huge chunk. */
const SLICE = 4096;

/** Every file's name and declared size, from the central directory; refuses a bomb up front. */
function declaredFiles(zip: Uint8Array, limits: ZipLimits): Map<string, number> {
  const files = new Map<string, number>();
  let total = 0;
  try {
    unzipSync(zip, {
      filter: (f) => {
        total += f.originalSize;
        if (files.size >= limits.maxEntries) throw new HttpError(400, ZIP_TOO_MANY_FILES);
        if (total > limits.maxTotalBytes) throw new HttpError(400, ZIP_TOO_BIG);
        files.set(f.name, f.originalSize);
        return false;
      },
    });
  } catch (err) {
    throw err instanceof HttpError ? err : new HttpError(400, ZIP_MALFORMED);
  }
  return files;
}

/**
 * The files `wanted` picks (by name), unpacked. Sizes are checked twice: as the archive
 * declares them, then as the bytes actually come out, since a crafted archive can lie.
 */
export function readZip(
  zip: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  const declared = declaredFiles(zip, limits);
  let declaredRead = 0;
  for (const [name, size] of declared) {
    if (wanted(name)) declaredRead += size;
  }
  if (declaredRead > limits.maxReadBytes) throw new HttpError(400, ZIP_TOO_BIG);
  const out = new Map<string, Uint8Array>();
  let failure: HttpError | null = null;
  let read = 0;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name) || out.has(file.name)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new HttpError(400, ZIP_MALFORMED);
        return;
      }
      read += chunk.length;
      if (read > limits.maxReadBytes) {
        failure = new HttpError(400, ZIP_TOO_BIG);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length && !failure; at += SLICE) {
      unzip.push(zip.subarray(at, at + SLICE), at + SLICE >= zip.length);
    }
  } catch {
    failure ??= new HttpError(400, ZIP_MALFORMED);
  }
  if (failure) throw failure;
  return out;
}
