import { describe, expect, it } from 'vitest';
import { loginAs } from '../test/build-test-app.ts';
import { mediaTestAppForFile, makeVideo, probeCodecs, upload } from '../test/media-test-kit.ts';

const t = mediaTestAppForFile('local');

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function uploadVideo(cookie: string) {
  const res = await upload(t, cookie, 'video', {
    data: makeVideo(2),
    filename: 'v.mp4',
    contentType: 'video/mp4',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string; public_id: string }>();
}

describe('first impression', () => {
  it('serves the shipped demo to anyone, with ranges', async () => {
    const demo = await t.app.inject({ url: '/api/first-impression/demo' });
    expect(demo.json()).toEqual({ videoUrl: '/media/demo/first-impression.mp4' });
    const file = await t.app.inject({ url: demo.json().videoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(probeCodecs(file.rawPayload)).toMatchObject({ video: 'h264', audio: 'aac' });
    expect(probeCodecs(file.rawPayload).duration).toBeGreaterThan(7);
    const part = await t.app.inject({ url: demo.json().videoUrl, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
  });

  it('saves one video per user, replaces it (deleting the old file) and removes it', async () => {
    const { cookie, userId } = await loginAs(t);
    expect((await call(cookie, 'GET', '/api/first-impression/status')).json()).toEqual({
      status: 0,
    });
    expect((await call(cookie, 'GET', '/api/first-impression')).json()).toEqual({ data: [] });

    const v1 = await uploadVideo(cookie);
    const saved = await call(cookie, 'POST', '/api/first-impression', { videoUrl: v1.url, userId });
    expect(saved.statusCode).toBe(201);
    const [video] = saved.json().data;
    expect(video).toMatchObject({ _id: expect.any(String), publicId: v1.public_id });
    expect(video.videoUrl).toContain(`${v1.public_id}.mp4`);
    expect(video.posterUrl).toContain(`${v1.public_id}-poster.jpg`);
    expect((await call(cookie, 'GET', '/api/first-impression/status')).json()).toEqual({
      status: 1,
    });

    const v2 = await uploadVideo(cookie);
    const replaced = await call(cookie, 'POST', '/api/first-impression', {
      videoUrl: v2.url,
      userId,
    });
    expect(replaced.json().data).toHaveLength(1);
    expect(replaced.json().data[0].publicId).toBe(v2.public_id);
    expect(t.storedKeys().filter((k) => k.startsWith(v1.public_id))).toEqual([]);

    const id = replaced.json().data[0]._id;
    const removed = await call(cookie, 'POST', '/api/first-impression/delete', {
      id,
      publicId: v2.public_id,
    });
    expect(removed.json()).toEqual({ data: [] });
    expect(t.storedKeys().filter((k) => k.startsWith(v2.public_id))).toEqual([]);
    expect((await call(cookie, 'GET', '/api/first-impression/status')).json()).toEqual({
      status: 0,
    });
  });

  it("refuses another user's id or video, and another user's delete", async () => {
    const alice = await loginAs(t);
    const bob = await loginAs(t);
    const v = await uploadVideo(alice.cookie);
    expect(
      (
        await call(alice.cookie, 'POST', '/api/first-impression', {
          videoUrl: v.url,
          userId: bob.userId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(bob.cookie, 'POST', '/api/first-impression', {
          videoUrl: v.url,
          userId: bob.userId,
        })
      ).statusCode,
    ).toBe(404);
    const [video] = (
      await call(alice.cookie, 'POST', '/api/first-impression', { videoUrl: v.url })
    ).json().data;
    expect(
      (
        await call(bob.cookie, 'POST', '/api/first-impression/delete', {
          id: video._id,
          publicId: v.public_id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(bob.cookie, 'GET', '/api/first-impression')).json()).toEqual({ data: [] });
    expect(t.storedKeys()).toContain(`${v.public_id}.mp4`);
  });
});
