import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { AppInput } from '../app.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { s3Storage, storageFor, type Storage } from '../plugins/storage.ts';

export type Adapter = 'local' | 's3';

export interface MediaTestApp extends TestApp {
  adapter: Adapter;
  /** The store the app keeps media in. */
  storage: Storage;
  /** Every key the storage holds (files under DATA_DIR/media, or objects in the bucket). */
  storedKeys(): string[];
  /** Leftover upload temp files under DATA_DIR/tmp. */
  tempFiles(): string[];
}

/**
 * The real app with local storage, or with an s3rver bucket on a random port; `overrides`
 * reach buildApp (e.g. `uploads` with smaller limits), `env` the configuration.
 */
export async function buildMediaTestApp(
  adapter: Adapter,
  overrides: Partial<AppInput> & { env?: NodeJS.ProcessEnv } = {},
): Promise<MediaTestApp> {
  let storage: Storage | undefined;
  let stop = async () => {};
  let listKeys: () => string[];
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-s3-'));
  if (adapter === 's3') {
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'vitae', configs: [] }],
    });
    const { port } = await server.run();
    storage = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'vitae',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });
    stop = () => server.close();
    // s3rver keeps each object as `<key>._S3rver_object` plus metadata files beside it.
    listKeys = () => {
      const bucket = path.join(s3Dir, 'vitae');
      if (!fs.existsSync(bucket)) return [];
      const keys = fs.readdirSync(bucket).map((f) => f.replace(/\._S3rver_.*$/, ''));
      return [...new Set(keys)];
    };
  }
  const t = await buildTestApp(storage ? { ...overrides, storage } : overrides);
  if (adapter === 'local') {
    const dir = path.join(t.dataDir, 'media');
    listKeys = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  }
  const tmpDir = path.join(t.dataDir, 'tmp');
  return {
    ...t,
    adapter,
    storage: storage ?? storageFor(t.config),
    storedKeys: () => listKeys(),
    tempFiles: () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : []),
    async close() {
      await t.close();
      await stop();
      fs.rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

/**
 * One media test app for the calling test file: built before its tests, closed after.
 * The returned object stands for the app from the first test on.
 */
export function mediaTestAppForFile(
  adapter: Adapter = 'local',
  overrides: Partial<AppInput> = {},
): MediaTestApp {
  let app: MediaTestApp | undefined;
  beforeAll(async () => {
    app = await buildMediaTestApp(adapter, overrides);
  });
  afterAll(() => app?.close());
  return new Proxy({} as MediaTestApp, {
    get(_, key) {
      if (!app) throw new Error('the media test app is built in beforeAll: use it inside a test');
      return app[key as keyof MediaTestApp];
    },
  });
}

/** The `section.changed` events (what realtime `data-updated` is sent from) during this test. */
export function sectionChanges(t: TestApp): unknown[] {
  const events: unknown[] = [];
  onTestFinished(t.events.subscribe('section.changed', (e) => events.push(e)));
  return events;
}

/** Creates an entry of a media section (photo, certificate) and answers it; must be a 201. */
export async function createdEntry(
  t: TestApp,
  cookie: string,
  url: string,
  fields: Record<string, string>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<Record<string, any>> {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0];
}

/** A multipart/form-data body: text fields plus one file part named `file`. */
export function multipart(
  fields: Record<string, string | number | undefined>,
  file?: { data: Buffer; filename: string; contentType: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vitae${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  // The client sends the file first (docs/product/api.md#media), then the signed fields.
  if (file) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    );
    chunks.push(file.data);
    push('\r\n');
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface Signature {
  apiKey: string;
  signature: string;
  timestamp: number;
}

export async function signature(t: TestApp, cookie: string, photo = false): Promise<Signature> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cloudinary/signature-request-${photo ? 'photo' : 'no'}-preset`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`signature failed: ${res.body}`);
  return res.json<Signature>();
}

/** Signs (unless `sig` is given) and posts one file the way the browser does. */
export async function upload(
  t: TestApp,
  cookie: string,
  kind: 'image' | 'video' | 'raw',
  file: { data: Buffer; filename: string; contentType: string },
  opts: { preset?: 'photo'; sig?: Signature; fields?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const sig = opts.sig ?? (await signature(t, cookie, opts.preset === 'photo'));
  const body = multipart(
    {
      api_key: sig.apiKey,
      timestamp: sig.timestamp,
      signature: sig.signature,
      upload_preset: opts.preset,
      ...opts.fields,
    },
    file,
  );
  return t.app.inject({
    method: 'POST',
    url: `/media/${kind}/upload`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** A JPEG carrying GPS and camera EXIF, as phones write them. */
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Make: 'VitaeCam', Model: 'Test 1' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 55/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '18/1 25/1 0/1',
        },
      },
    })
    .toBuffer();
}

export const png = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** A minimal valid one-page PDF; `catalog` adds entries to its catalog (e.g. an /OpenAction). */
export function pdf(catalog = ''): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalog}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);
export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

const videoCache = new Map<string, Buffer>();
/** A tiny test-pattern video with a tone, made by ffmpeg (cached per process). */
export function makeVideo(seconds: number, format: 'mp4' | 'webm' = 'mp4'): Buffer {
  const cacheKey = `${seconds}.${format}`;
  const hit = videoCache.get(cacheKey);
  if (hit) return hit;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-video-'));
  const out = path.join(dir, `v.${format}`);
  const codecs =
    format === 'webm'
      ? [
          '-c:v',
          'libvpx-vp9',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          '50k',
          '-c:a',
          'libopus',
        ]
      : ['-c:v', 'mpeg4', '-q:v', '20', '-c:a', 'aac'];
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=64x96:rate=5:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codecs,
    '-shortest',
  ];
  // WebM goes to a pipe as a live stream, so (like a MediaRecorder file) it states no duration.
  const data =
    format === 'webm'
      ? execFileSync('ffmpeg', [...args, '-live', '1', '-f', 'webm', '-'], {
          maxBuffer: 64 * 1024 * 1024,
        })
      : (execFileSync('ffmpeg', [...args, out]), fs.readFileSync(out));
  fs.rmSync(dir, { recursive: true, force: true });
  videoCache.set(cacheKey, data);
  return data;
}

/** ffprobe's codec names for a served file. */
export function probeCodecs(data: Buffer): { video?: string; audio?: string; duration: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-probe-'));
  const file = path.join(dir, 'f');
  fs.writeFileSync(file, data);
  try {
    const json = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_type,codec_name',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      format: { duration: string };
      streams: Array<{ codec_type: string; codec_name: string }>;
    };
    return {
      video: json.streams.find((s) => s.codec_type === 'video')?.codec_name,
      audio: json.streams.find((s) => s.codec_type === 'audio')?.codec_name,
      duration: Number(json.format.duration),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A silent test-pattern clip of any size and frame rate (MPEG-4 at low quality: quick). */
export function makeClip(opts: { width: number; height: number; fps: number; seconds: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-clip-'));
  const out = path.join(dir, 'c.mp4');
  try {
    const src = `testsrc=size=${opts.width}x${opts.height}:rate=${opts.fps}:duration=${opts.seconds}`;
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', src, '-c:v', 'mpeg4'].concat(['-q:v', '31', out]),
    );
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real browser recording (Chromium's MediaRecorder, fake camera, 2 s VP8/Opus WebM): its
 * millisecond timestamps make ffprobe report r_frame_rate 1000/1 and no average rate.
 */
export const chromeRecording = (): Buffer =>
  fs.readFileSync(new URL('./fixtures/chrome-recording.webm', import.meta.url));

/** ffprobe's view of a stored video's picture: size, average frame rate, frame count. */
export function probeVideo(data: Buffer): {
  width: number;
  height: number;
  fps: number;
  frames: number;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-probe-'));
  const file = path.join(dir, 'f');
  fs.writeFileSync(file, data);
  try {
    const json = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,avg_frame_rate,nb_frames',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      streams: Array<{ width: number; height: number; avg_frame_rate: string; nb_frames: string }>;
    };
    const s = json.streams[0]!;
    const [num, den] = s.avg_frame_rate.split('/').map(Number);
    return { width: s.width, height: s.height, fps: num! / den!, frames: Number(s.nb_frames) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
