import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/** An inclusive byte range, as HTTP Range means it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are chosen by the media service (random, fixed
 * character set); the store never sees a user-chosen name.
 */
export interface Storage {
  /** Stores the file at `filePath` (which the caller still owns) under `key`. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Size in bytes, or null when the key is absent. */
  size(key: string): Promise<number | null>;
  /** A stream of the whole object or of one range; null when absent. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the key; absent keys are fine. */
  remove(key: string): Promise<void>;
  /** Every stored key, in pages (backups read the whole store through it). */
  keys(): AsyncIterable<string>;
  /**
   * Resolves when the store can take files now (readiness): the media folder is writable, or
   * the bucket answers. `signal` abandons an S3 request that takes too long.
   */
  check(signal?: AbortSignal): Promise<void>;
  describe(): string;
}

const SAFE_KEY = /^[0-9a-z][0-9a-z._-]{0,127}$/;
function checkKey(key: string): string {
  // Defence in depth: a key can never climb out of the media directory.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Files under `DATA_DIR/media`, outside any static root. */
function localStorage(dir: string): Storage {
  fs.mkdirSync(dir, { recursive: true });
  const at = (key: string) => path.join(dir, checkKey(key));
  return {
    async putFile(key, filePath) {
      const target = at(key);
      const tmp = `${target}.part`;
      // Copy then rename, so a reader never sees half a file.
      await fsp.copyFile(filePath, tmp);
      await fsp.rename(tmp, target);
    },
    async size(key) {
      try {
        return (await fsp.stat(at(key))).size;
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const file = at(key);
      try {
        await fsp.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fsp.rm(at(key), { force: true });
    },
    async *keys() {
      // A `.part` file is a copy under way, not yet a stored object.
      for (const name of await fsp.readdir(dir)) {
        if (SAFE_KEY.test(name) && !name.endsWith('.part')) yield name;
      }
    },
    async check() {
      // A removed folder, lost permissions or a read-only mount fail here (EROFS).
      await fsp.access(dir, fs.constants.W_OK);
    },
    describe: () => `local disk at ${dir}`,
  };
}

/** An S3-compatible bucket (AWS, MinIO, s3rver...). */
export function s3Storage(s3: NonNullable<Config['s3']>): Storage {
  // The SDK is imported here, not at the top: a server storing on disk never loads its ~10 MiB
  // (docs/decisions/0008-performance-measurements.md#0012).
  const ready = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      // Plain (non-chunked) uploads: S3-compatible servers vary in support for streamed checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
    }),
  }));
  // A failed import is reported by the first operation, not as an unhandled rejection.
  ready.catch(() => {});
  const Bucket = s3.bucket;
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    async putFile(key, filePath, contentType) {
      const { size } = await fsp.stat(filePath);
      const { sdk, client } = await ready;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: fs.createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async size(key) {
      try {
        const { sdk, client } = await ready;
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      try {
        const { sdk, client } = await ready;
        const res = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      const { sdk, client } = await ready;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async *keys() {
      const { sdk, client } = await ready;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check(signal) {
      const { sdk, client } = await ready;
      await client.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
    describe: () => `S3 bucket ${Bucket} at ${s3.endpoint}`,
  };
}

/** S3 when configured, else the local disk under DATA_DIR/media. */
export function storageFor(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'media'));
}
