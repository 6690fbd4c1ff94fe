import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { CERTIFICATE_MESSAGES, PHOTO_MESSAGES, UPLOAD_MESSAGES, VIDEO_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import {
  buildMediaTestApp,
  HTML,
  jpegWithGps,
  makeVideo,
  multipart,
  pdf,
  png,
  probeCodecs,
  signature,
  SVG,
  upload,
  type Adapter,
  type MediaTestApp,
} from '../test/media-test-kit.ts';

describe.each<Adapter>(['local', 's3'])('media service on %s storage', (adapter) => {
  let t: MediaTestApp;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await buildMediaTestApp(adapter);
    alice = await loginAs(t);
    bob = await loginAs(t);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    // Whatever a test did, no upload may leave a temp file behind.
    expect(t.tempFiles()).toEqual([]);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** Expects a refusal with `message` and nothing new in storage. */
  async function expectRefused(
    res: Promise<LightMyRequestResponse>,
    status: number,
    message: string,
  ) {
    const before = t.storedKeys().sort();
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json()).toMatchObject({ error: message });
    expect(t.storedKeys().sort()).toEqual(before);
  }

  it('issues upload signatures only to a signed-in user', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/cloudinary/signature-request-no-preset',
    });
    expect(anon.statusCode).toBe(401);
    const sig = await signature(t, alice.cookie, true);
    expect(sig).toMatchObject({
      apiKey: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{80}$/),
    });
    expect(Math.abs(sig.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it('stores a profile photo re-encoded without EXIF/GPS, with a thumbnail, served safely', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(
      t,
      alice.cookie,
      'image',
      { data: original, filename: 'me.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      public_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      resource_type: 'image',
      format: 'jpg',
    });
    expect(body.secure_url).toBe(body.url);
    // Stored under the server's random key, never under the client's file name.
    expect(t.storedKeys()).toEqual(
      expect.arrayContaining([`${body.public_id}.jpg`, `${body.public_id}-thumb.jpg`]),
    );
    expect(t.storedKeys().join()).not.toContain('me.png');

    const served = await get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${body.public_id}.jpg"`);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('VitaeCam'))).toBe(false);

    const thumb = await get(body.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
  });

  it('serves a file only through an unexpired URL the server signed', async () => {
    const res = await upload(t, alice.cookie, 'raw', {
      data: pdf(),
      filename: 'cert.pdf',
      contentType: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, public_id } = res.json();
    expect(res.json()).toMatchObject({ resource_type: 'raw', format: 'pdf' });
    const ok = await get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const key = `${public_id}.pdf`;
    expect((await get(`/media/file/${key}`)).statusCode).toBe(404);
    expect((await get(url.replace(/sig=.{4}/, 'sig=AAAA'))).statusCode).toBe(404);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect((await get(url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).statusCode).toBe(404);
    // Time passes beyond the expiry: the same URL stops working.
    vi.spyOn(Date, 'now').mockReturnValue(exp * 1000 + 1000);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('refuses an HTML file named .png or .pdf', async () => {
    await expectRefused(
      upload(
        t,
        alice.cookie,
        'image',
        { data: HTML, filename: 'x.png', contentType: 'image/png' },
        { preset: 'photo' },
      ),
      415,
      PHOTO_MESSAGES.notImage,
    );
    await expectRefused(
      upload(t, alice.cookie, 'raw', {
        data: HTML,
        filename: 'x.pdf',
        contentType: 'application/pdf',
      }),
      415,
      CERTIFICATE_MESSAGES.badType,
    );
  });

  it('refuses a PDF as a profile photo and an SVG anywhere', async () => {
    await expectRefused(
      upload(
        t,
        alice.cookie,
        'image',
        { data: pdf(), filename: 'x.jpg', contentType: 'image/jpeg' },
        { preset: 'photo' },
      ),
      415,
      PHOTO_MESSAGES.notImage,
    );
    await expectRefused(
      upload(
        t,
        alice.cookie,
        'image',
        { data: SVG, filename: 'x.svg', contentType: 'image/svg+xml' },
        { preset: 'photo' },
      ),
      415,
      PHOTO_MESSAGES.notImage,
    );
    await expectRefused(
      upload(t, alice.cookie, 'raw', { data: SVG, filename: 'x.png', contentType: 'image/png' }),
      415,
      CERTIFICATE_MESSAGES.badType,
    );
  });

  it('refuses oversized photos and certificates', async () => {
    const jpegHead = (await jpegWithGps()).subarray(0, 200);
    const big = (n: number) => Buffer.concat([jpegHead, Buffer.alloc(n - jpegHead.length, 1)]);
    await expectRefused(
      upload(
        t,
        alice.cookie,
        'image',
        { data: big(10 * 1024 * 1024 + 1), filename: 'big.jpg', contentType: 'image/jpeg' },
        { preset: 'photo' },
      ),
      413,
      PHOTO_MESSAGES.tooLarge,
    );
    await expectRefused(
      upload(t, alice.cookie, 'raw', {
        data: big(5_242_881),
        filename: 'big.jpg',
        contentType: 'image/jpeg',
      }),
      413,
      CERTIFICATE_MESSAGES.tooLarge,
    );
    await expectRefused(
      upload(t, alice.cookie, 'image', {
        data: big(6_000_000),
        filename: 'big.jpg',
        contentType: 'image/jpeg',
      }),
      413,
      CERTIFICATE_MESSAGES.tooLarge,
    );
  });

  it('refuses a decompression bomb', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expectRefused(
      upload(
        t,
        alice.cookie,
        'image',
        { data: bomb, filename: 'bomb.png', contentType: 'image/png' },
        { preset: 'photo' },
      ),
      400,
      PHOTO_MESSAGES.processFailed,
    );
  });

  it('lets one upload through per signature, under parallel posts too', async () => {
    const file = { data: await png(), filename: 'a.png', contentType: 'image/png' };
    const sig = await signature(t, alice.cookie, true);
    const first = await upload(t, alice.cookie, 'image', file, { preset: 'photo', sig });
    expect(first.statusCode, first.body).toBe(200);
    await expectRefused(
      upload(t, alice.cookie, 'image', file, { preset: 'photo', sig }),
      400,
      UPLOAD_MESSAGES.usedSignature,
    );
    const fresh = await signature(t, alice.cookie, true);
    const parallel = await Promise.all(
      [1, 2, 3, 4].map(() =>
        upload(t, alice.cookie, 'image', file, { preset: 'photo', sig: fresh }),
      ),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    // Two signatures asked for in the same second are two signatures.
    const [a, b] = await Promise.all([1, 2].map(() => signature(t, alice.cookie, true)));
    expect(a!.signature).not.toBe(b!.signature);
  });

  it('refuses missing, forged, foreign, expired and mismatched signatures', async () => {
    const file = { data: await png(), filename: 'a.png', contentType: 'image/png' };
    const good = await signature(t, alice.cookie, true);
    const noSig = multipart(
      { api_key: good.apiKey, timestamp: good.timestamp, upload_preset: 'photo' },
      file,
    );
    await expectRefused(
      t.app.inject({
        method: 'POST',
        url: '/media/image/upload',
        headers: { cookie: alice.cookie, ...noSig.headers },
        payload: noSig.payload,
      }),
      400,
      VIDEO_MESSAGES.missingUploadData,
    );
    await expectRefused(
      upload(t, alice.cookie, 'image', file, {
        preset: 'photo',
        sig: { ...good, signature: 'f'.repeat(64) },
      }),
      400,
      UPLOAD_MESSAGES.badSignature,
    );
    // Bob's signature is useless to Alice.
    const bobs = await signature(t, bob.cookie, true);
    await expectRefused(
      upload(t, alice.cookie, 'image', file, { preset: 'photo', sig: bobs }),
      400,
      UPLOAD_MESSAGES.badSignature,
    );
    // A no-preset signature cannot carry the photo preset (the preset is signed).
    const plain = await signature(t, alice.cookie);
    await expectRefused(
      upload(t, alice.cookie, 'image', file, { preset: 'photo', sig: plain }),
      400,
      UPLOAD_MESSAGES.badSignature,
    );
    // Eleven minutes old.
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow - 11 * 60 * 1000);
    const old = await signature(t, alice.cookie, true);
    vi.restoreAllMocks();
    await expectRefused(
      upload(t, alice.cookie, 'image', file, { preset: 'photo', sig: old }),
      400,
      UPLOAD_MESSAGES.expiredSignature,
    );
    // And a signature without the session is nothing.
    const body = multipart(
      {
        api_key: good.apiKey,
        timestamp: good.timestamp,
        signature: good.signature,
        upload_preset: 'photo',
      },
      file,
    );
    await expectRefused(
      t.app.inject({
        method: 'POST',
        url: '/media/image/upload',
        headers: body.headers,
        payload: body.payload,
      }),
      401,
      'You must be logged in.',
    );
  });

  it('converts a video to H.264/AAC MP4 with a poster and serves byte ranges', async () => {
    const res = await upload(t, alice.cookie, 'video', {
      data: makeVideo(3),
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      resource_type: 'video',
      format: 'mp4',
      thumbnail_url: expect.stringContaining('-poster.jpg'),
    });
    expect(body.duration).toBeGreaterThan(2.5);
    const served = await get(body.url);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(probeCodecs(served.rawPayload)).toMatchObject({ video: 'h264', audio: 'aac' });

    const part = await get(body.url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${served.rawPayload.length}`);
    expect(part.rawPayload).toEqual(served.rawPayload.subarray(0, 100));
    const tail = await get(body.url, { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(served.rawPayload.subarray(-10));
    expect((await get(body.url, { range: `bytes=${served.rawPayload.length}-` })).statusCode).toBe(
      416,
    );
  });

  it('refuses a video over 31 seconds and a non-video', async () => {
    await expectRefused(
      upload(t, alice.cookie, 'video', {
        data: makeVideo(33),
        filename: 'long.mp4',
        contentType: 'video/mp4',
      }),
      400,
      'Video is too long. Maximum duration is 0:31. Your video is 0:33.',
    );
    await expectRefused(
      upload(t, alice.cookie, 'video', { data: HTML, filename: 'x.mp4', contentType: 'video/mp4' }),
      415,
      VIDEO_MESSAGES.notVideo,
    );
    await expectRefused(
      upload(t, alice.cookie, 'video', {
        data: await png(),
        filename: 'x.mp4',
        contentType: 'video/mp4',
      }),
      415,
      VIDEO_MESSAGES.notVideo,
    );
  });

  it('reads a video only as a movie file, never as a playlist naming files on the server', async () => {
    const mine = await upload(t, alice.cookie, 'video', {
      data: makeVideo(3),
      filename: 'a.mp4',
      contentType: 'video/mp4',
    });
    expect(mine.statusCode).toBe(200);
    const key = String(mine.json().url).split('?')[0]!.split('/').pop()!;
    // A DASH manifest passes for a QuickTime movie by its first bytes.
    const manifest = (url: string) =>
      Buffer.from(
        '<!--free-->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" ' +
          'profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" ' +
          'mediaPresentationDuration="PT3S" minBufferTime="PT1S">\n<Period><AdaptationSet ' +
          'mimeType="video/mp4"><Representation id="1" bandwidth="1000" codecs="avc1.42c01e" ' +
          `width="320" height="240">\n<BaseURL>${url}</BaseURL>\n</Representation>` +
          '</AdaptationSet></Period></MPD>\n',
      );
    for (const url of [`../../media/${key}`, `file://${t.dataDir}/media/${key}`]) {
      const res = upload(t, bob.cookie, 'video', {
        data: manifest(url),
        filename: 'x.mov',
        contentType: 'video/quicktime',
      });
      await expectRefused(res, 400, VIDEO_MESSAGES.durationUnknown);
    }
  });

  it('lets nobody else discard your upload, and discards an unused one of your own', async () => {
    const res = await upload(
      t,
      alice.cookie,
      'image',
      { data: await png(), filename: 'a.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    const { public_id, url } = res.json();
    const bobTries = await t.app.inject({
      method: 'POST',
      url: '/api/photo-service/delete-photo',
      headers: { cookie: bob.cookie },
      payload: { imageFile: url },
    });
    expect(bobTries.statusCode).toBe(404);
    expect(t.storedKeys()).toContain(`${public_id}.png`);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/photo-service/delete-large-photo',
      headers: { cookie: alice.cookie },
      payload: { imageFile: public_id },
    });
    expect(mine.json()).toEqual({ success: true, deleted: true });
    expect(t.storedKeys().filter((k) => k.startsWith(public_id))).toEqual([]);
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('video without ffmpeg', () => {
  let t: MediaTestApp;
  beforeAll(async () => {
    t = await buildMediaTestApp('local');
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.FFMPEG_PATH;
  });

  it('keeps and serves the checked original', async () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    const { cookie } = await loginAs(t);
    const original = makeVideo(2);
    const res = await upload(t, cookie, 'video', {
      data: original,
      filename: 'c.mp4',
      contentType: 'video/mp4',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().thumbnail_url).toBeUndefined();
    const served = await t.app.inject({ url: res.json().url });
    expect(served.rawPayload).toEqual(original);
    expect(probeCodecs(served.rawPayload).video).toBe('mpeg4');
    expect(t.tempFiles()).toEqual([]);
  });

  it('converts a recorded WebM (no stated duration is fine)', async () => {
    const { cookie } = await loginAs(t);
    const res = await upload(t, cookie, 'video', {
      data: makeVideo(2, 'webm'),
      filename: 'rec.webm',
      contentType: 'video/webm',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().duration).toBeGreaterThan(1.5);
    const served = await t.app.inject({ url: res.json().url });
    expect(probeCodecs(served.rawPayload)).toMatchObject({ video: 'h264', audio: 'aac' });
  });

  it('refuses a recorded WebM that turns out longer than 31 seconds', async () => {
    const { cookie } = await loginAs(t);
    const before = t.storedKeys().length;
    const res = await upload(t, cookie, 'video', {
      data: makeVideo(40, 'webm'),
      filename: 'rec.webm',
      contentType: 'video/webm',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(
      /^Video is too long\. Maximum duration is 0:31\. Your video is 0:3\d\.$/,
    );
    expect(t.storedKeys().length).toBe(before);
    expect(t.tempFiles()).toEqual([]);
  });
});
