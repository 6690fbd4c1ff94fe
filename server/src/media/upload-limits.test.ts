import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import { storageFor } from '../plugins/storage.ts';
import {
  buildMediaTestApp,
  chromeRecording,
  makeClip,
  makeVideo,
  pdf,
  upload,
  probeVideo,
  type MediaTestApp,
} from '../test/media-test-kit.ts';
import { sweepUploads } from './sweeper.ts';
import { uploadsWith, type UploadLimits } from '../plugins/upload-limits.ts';

/** An app with its own conversion queue and limits, closed after each test. */
let current: MediaTestApp | undefined;
async function appWith(limits: Partial<UploadLimits> = {}, env: NodeJS.ProcessEnv = {}) {
  const uploads = uploadsWith({ videoJobs: 1, videoQueue: 1, ...limits });
  const t = await buildMediaTestApp('local', { uploads, env });
  current = t;
  return { t, uploads, user: await loginAs(t) };
}
afterEach(async () => {
  const t = current;
  current = undefined;
  if (!t) return;
  try {
    // Whatever a test did, no upload may leave a temp file behind.
    expect(t.tempFiles()).toEqual([]);
  } finally {
    await t.close();
  }
});

/** How long a test waits for something the server does in the background. */
const WAIT = { timeout: 10_000 };

const mp4 = (data: Buffer) => ({ data, filename: 'clip.mp4', contentType: 'video/mp4' });

// ffmpeg shares the machine with everything else a test run does: room for a slow moment.
describe('video conversion limits', { timeout: 60_000 }, () => {
  it('stores a large clip at no more than 720p, keeping its aspect, landscape and portrait', async () => {
    const { t, user } = await appWith();
    for (const [w, h, want] of [
      [1600, 1200, { width: 960, height: 720 }],
      [1200, 1600, { width: 720, height: 960 }],
      [2600, 720, { width: 1280, height: 354 }],
    ] as const) {
      const res = await upload(
        t,
        user.cookie,
        'video',
        mp4(makeClip({ width: w, height: h, fps: 1, seconds: 1 })),
      );
      expect(res.statusCode, res.body).toBe(200);
      const stored = await t.app.inject({ url: res.json().url });
      expect(probeVideo(stored.rawPayload)).toMatchObject(want);
    }
  });

  it('stores a browser recording at 30 frames a second, not the 1000 its timestamps suggest', async () => {
    const { t, user } = await appWith();
    const res = await upload(t, user.cookie, 'video', {
      data: chromeRecording(),
      filename: 'recording.webm',
      contentType: 'video/webm',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = probeVideo((await t.app.inject({ url: res.json().url })).rawPayload);
    expect(stored.fps).toBeLessThanOrEqual(30);
    expect(stored.frames).toBeLessThanOrEqual(2 * 30 + 2);
  });

  it('refuses a clip declaring an absurd size or frame rate before converting it', async () => {
    const { t, uploads, user } = await appWith();
    const clips = [
      makeClip({ width: 5000, height: 64, fps: 2, seconds: 0.5 }), // a side over 4096
      makeClip({ width: 3000, height: 3000, fps: 1, seconds: 1 }), // 9 Mpx, over DCI 4K
      makeClip({ width: 64, height: 64, fps: 1000, seconds: 0.05 }), // 1000 fps
    ];
    for (const clip of clips) {
      const res = await upload(t, user.cookie, 'video', mp4(clip));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: VIDEO_MESSAGES.notVideo });
    }
    expect(uploads.conversions.peak).toBe(0);
    expect(t.storedKeys()).toEqual([]);
  });

  it('runs one conversion per slot and refuses beyond the waiting line with 503', async () => {
    const { t, uploads, user } = await appWith({ videoJobs: 1, videoQueue: 1 });
    // A long conversion holds the only slot.
    let release!: () => void;
    const holding = uploads.conversions.run(() => new Promise<void>((r) => (release = r)));
    const waiting = upload(t, user.cookie, 'video', mp4(makeVideo(1)));
    await vi.waitFor(() => expect(uploads.conversions.waiting).toBe(1), WAIT);

    const refused = await upload(t, user.cookie, 'video', mp4(makeVideo(1)));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: VIDEO_MESSAGES.uploadFailedRetry });
    expect(refused.headers['retry-after']).toBe('30');

    release();
    await holding;
    expect((await waiting).statusCode).toBe(200);
    // Parallel uploads take turns: never two conversions at once.
    const again = await Promise.all(
      [1, 2].map(() => upload(t, user.cookie, 'video', mp4(makeVideo(1)))),
    );
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(uploads.conversions.peak).toBe(1);
  });

  it('stops converting when the uploading client goes away, storing nothing', async () => {
    const { t, uploads, user } = await appWith();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    // A clip whose conversion takes several seconds on one thread.
    const clip = makeClip({ width: 1280, height: 720, fps: 30, seconds: 20 });
    const sig = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cloudinary/signature-request-no-preset',
        headers: { cookie: user.cookie },
      })
    ).json();
    const b = 'vitae-boundary';
    const field = (name: string, value: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        field('api_key', sig.apiKey) +
          field('timestamp', String(sig.timestamp)) +
          field('signature', sig.signature) +
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="c.mp4"\r\n` +
          'Content-Type: video/mp4\r\n\r\n',
      ),
      clip,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /media/video/upload HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
    await vi.waitFor(() => expect(uploads.conversions.inFlight).toBe(1), { timeout: 30_000 });
    socket.destroy();
    // Stopped within moments, not after the whole conversion.
    await vi.waitFor(() => expect(uploads.conversions.inFlight).toBe(0), { timeout: 2000 });
    await vi.waitFor(() => expect(t.tempFiles()).toEqual([]), WAIT);
    expect(t.storedKeys()).toEqual([]);
  });

  it('fails a conversion over its time limit with the spec message, leaving nothing', async () => {
    const { t, user } = await appWith({ videoTimeoutMs: 1 });
    const res = await upload(t, user.cookie, 'video', mp4(makeVideo(1)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: VIDEO_MESSAGES.uploadFailedRetry });
    expect(t.storedKeys()).toEqual([]);
  });
});

describe('cut-off and malformed upload bodies', () => {
  /** Writes a request whose body never ends; resolves with what the server sent back. */
  async function stalledUpload(port: number, cookie: string) {
    const boundary = 'x';
    const partial =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\n` +
      'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n some bytes and no closing boundary';
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      'POST /api/certificate/photo-upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: 100000\r\n\r\n${partial}`,
    );
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    await new Promise((resolve) => socket.on('close', resolve));
    return answer;
  }

  it('answers a body that stalls with 408 and closes, leaving no temp file', async () => {
    const { t, user } = await appWith({ bodyIdleMs: 200 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await stalledUpload(port, user.cookie);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(VIDEO_MESSAGES.uploadRetry);
    await vi.waitFor(() => expect(t.tempFiles()).toEqual([]), WAIT);
  });

  it('leaves no temp file when the client hangs up mid-upload', async () => {
    const { t, user } = await appWith();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      'POST /api/certificate/photo-upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Cookie: ${user.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        'Content-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="file"; ' +
        'filename="c.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
    );
    await vi.waitFor(() => expect(t.tempFiles()).toHaveLength(1), WAIT);
    socket.destroy();
    await vi.waitFor(() => expect(t.tempFiles()).toEqual([]), WAIT);
  });

  it('answers a small body cut off before its closing boundary with 400 at once', async () => {
    // The default 30 s idle limit: the answer must not wait for it.
    const { t, user } = await appWith();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc';
    for (const url of [
      '/media/image/upload',
      '/media/raw/upload',
      '/media/video/upload',
      '/api/certificate/photo-upload',
    ]) {
      const socket = net.connect(port, '127.0.0.1');
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\n` +
          'Content-Type: multipart/form-data; boundary=x\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      await vi.waitFor(() => expect(answer).toMatch(/^HTTP\/1\.1 400 /), WAIT);
      expect(answer).toContain(VIDEO_MESSAGES.uploadRetry);
      socket.destroy();
    }
  });

  it('leaves no temp folder after a malformed chunked upload', async () => {
    const { t, user } = await appWith();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc';
    const closed: Array<Promise<unknown>> = [];
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 10; i++) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        'POST /media/image/upload HTTP/1.1\r\nHost: localhost\r\n' +
          `Cookie: ${user.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
          `Transfer-Encoding: chunked\r\n\r\n${part.length.toString(16)}\r\n${part}\r\nzz\r\n`,
      );
      // The server answers the bad chunk (400) from its client-error handler.
      closed.push(new Promise((resolve) => socket.once('data', resolve)));
      sockets.push(socket);
    }
    await Promise.all(closed);
    await vi.waitFor(() => expect(t.tempFiles()).toEqual([]), WAIT);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    for (const socket of sockets) socket.destroy();
  });

  it('answers a multipart request without a boundary, or cut short, with 400', async () => {
    const { t, user } = await appWith({ bodyIdleMs: 100 });
    const post = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/certificate/photo-upload',
        headers: { cookie: user.cookie, 'content-type': contentType },
        payload,
      });
    const noBoundary = await post('multipart/form-data', 'whatever');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ error: VIDEO_MESSAGES.uploadRetry });
    const cut = await post(
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\n\r\n${pdf()}`,
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: VIDEO_MESSAGES.uploadRetry });
  });
});

describe('upload sweeper', () => {
  const HOUR = 60 * 60_000;
  const ago = (ms: number) => new Date(Date.now() - ms);

  it('removes stale temp folders and old unattached uploads, keeping the rest', async () => {
    const { t, user } = await appWith();
    const tmp = path.join(t.dataDir, 'tmp');
    const stale = path.join(tmp, 'upload-stale');
    const live = path.join(tmp, 'upload-live');
    for (const dir of [stale, live]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'upload'), 'x');
    }
    for (const p of [stale, path.join(stale, 'upload')])
      fs.utimesSync(p, ago(2 * HOUR), ago(2 * HOUR));

    const doc = async () =>
      (
        await upload(t, user.cookie, 'raw', {
          data: pdf(),
          filename: 'c.pdf',
          contentType: 'application/pdf',
        })
      ).json<{ public_id: string; url: string }>();
    const attached = await doc();
    const oldLoose = await doc();
    const newLoose = await doc();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/certificate',
      headers: { cookie: user.cookie },
      payload: { title: 'Kept', pdfUrl: attached.url, publicId: attached.public_id },
    });
    expect(created.statusCode).toBe(201);
    await t.db
      .updateTable('media')
      .set({ created_at: ago(48 * HOUR).toISOString() })
      .where('id', 'in', [attached.public_id, oldLoose.public_id])
      .execute();

    const deps = { ...t, storage: storageFor(t.config), uploads: uploadsWith() };
    expect(await sweepUploads(deps)).toEqual({ tempFolders: 1, unattached: 1 });

    expect(fs.readdirSync(tmp)).toEqual(['upload-live']);
    const ids = (await t.db.selectFrom('media').select('id').execute()).map((r) => r.id);
    expect(ids.sort()).toEqual([attached.public_id, newLoose.public_id].sort());
    expect(t.storedKeys().sort()).toEqual(
      [`${attached.public_id}.pdf`, `${newLoose.public_id}.pdf`].sort(),
    );
    fs.rmSync(live, { recursive: true });
  });

  it('with ROLE=web sweeps its own temp folders only, leaving unattached uploads to a worker', async () => {
    const { t, user } = await appWith({ sweepEveryMs: 20, tempMaxAgeMs: HOUR }, { ROLE: 'web' });
    const loose = (
      await upload(t, user.cookie, 'raw', {
        data: pdf(),
        filename: 'c.pdf',
        contentType: 'application/pdf',
      })
    ).json<{ public_id: string }>();
    await t.db
      .updateTable('media')
      .set({ created_at: ago(48 * HOUR).toISOString() })
      .where('id', '=', loose.public_id)
      .execute();
    // Two stale folders one after the other: the sweep that took the first has ended (sweeps
    // never overlap) once the second is gone.
    for (const name of ['upload-stale-1', 'upload-stale-2']) {
      const stale = path.join(t.dataDir, 'tmp', name);
      fs.mkdirSync(stale, { recursive: true });
      fs.utimesSync(stale, ago(2 * HOUR), ago(2 * HOUR));
      await vi.waitFor(() => expect(fs.existsSync(stale)).toBe(false), WAIT);
    }
    const ids = (await t.db.selectFrom('media').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([loose.public_id]);
    expect(t.storedKeys()).toEqual([`${loose.public_id}.pdf`]);
  });

  it('sweeps on its own, on an unref-ed timer started with the app', async () => {
    const { t } = await appWith({ sweepEveryMs: 20, tempMaxAgeMs: HOUR });
    const stale = path.join(t.dataDir, 'tmp', 'upload-stale');
    fs.mkdirSync(stale, { recursive: true });
    fs.utimesSync(stale, ago(2 * HOUR), ago(2 * HOUR));
    await vi.waitFor(() => expect(fs.existsSync(stale)).toBe(false), WAIT);
  });
});
