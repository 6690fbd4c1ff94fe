import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../test/build-test-app.ts';
import { buildMediaTestApp, makeVideo, upload, type MediaTestApp } from '../test/media-test-kit.ts';

const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>\n`;

/** A built web app as Vite leaves it: each text file with its .br and .gz beside it. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-abc123.js', APP_JS);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
};

describe('web app and compression through the real server', () => {
  let t: MediaTestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    t = await buildMediaTestApp('local', { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('sends a hashed asset precompressed to a client accepting "%s"', async (accept, encoding) => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(encoding, res.rawPayload)).toBe(APP_JS);
  });

  it('sends index.html, for a page route too, with no-cache and compressed', async () => {
    for (const url of ['/index.html', '/login', '/view-shared-cv/abc']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decode('br', res.rawPayload), url).toBe(INDEX);
    }
  });

  it('sends an unhashed file with no-cache', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a JSON answer over 1 KB, never a small one', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/api/docs/json', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(encoding, res.rawPayload)).openapi).toMatch(/^3\./);
    }
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);

    const small = await get('/api/no-such-route', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a video and its byte ranges uncompressed', async () => {
    const alice = await loginAs(t);
    const res = await upload(t, alice.cookie, 'video', {
      data: makeVideo(1),
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    const whole = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    const part = await get(url, { range: 'bytes=0-99', 'accept-encoding': 'br, gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
  });
});
