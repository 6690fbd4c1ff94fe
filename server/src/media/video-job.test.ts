import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '@vitae/core';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { buildMediaTestApp, makeVideo, probeCodecs, upload } from '../test/media-test-kit.ts';
import { redisJobs } from '../jobs/index.ts';
import { jobQueueRedis, queuePrefixes } from '../test/job-queue-kit.ts';
import { uploadsWith } from '../plugins/upload-limits.ts';

const REDIS_URL = jobQueueRedis('video conversion on a worker');
const freshPrefix = queuePrefixes(REDIS_URL);

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  // The worker first: its store is the web instance's bucket.
  for (const o of opened.splice(0).reverse()) await o.close();
});

/** A ROLE=web instance on an s3rver bucket and, when asked, a ROLE=worker on the same bucket. */
async function cluster(withWorker: boolean) {
  const prefix = freshPrefix();
  const jobs = () => redisJobs({ url: REDIS_URL!, prefix });
  const web = await buildMediaTestApp('s3', {
    env: { ROLE: 'web' },
    jobs: await jobs(),
    // One conversion may wait for a worker; a second is refused.
    uploads: uploadsWith({ videoQueue: 1 }),
  });
  opened.push(web);
  let worker: TestApp | undefined;
  if (withWorker) {
    worker = await buildTestApp({
      env: { ROLE: 'worker' },
      jobs: await jobs(),
      storage: web.storage,
    });
    opened.push(worker);
  }
  return { web, worker };
}

describe.skipIf(!REDIS_URL)('video conversion on a worker', () => {
  it('converts on the worker what a ROLE=web instance received, from and back to the shared bucket', async () => {
    const { web, worker } = await cluster(true);
    const me = await loginAs(web);
    const res = await upload(web, me.cookie, 'video', {
      data: makeVideo(2),
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
    const served = await web.app.inject({ url: body.url, headers: { cookie: me.cookie } });
    expect(probeCodecs(served.rawPayload)).toMatchObject({ video: 'h264', audio: 'aac' });
    // The job's copies are gone from the bucket; only the stored video and its poster remain.
    expect(web.storedKeys().filter((k) => k.startsWith('job-'))).toEqual([]);
    expect(web.storedKeys()).toHaveLength(2);
    expect(web.tempFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(worker!.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers the spec’s “try again” (503) when the line of waiting conversions is full, storing nothing', async () => {
    // No worker runs: the first upload's job waits, so the line (1 here) is full for the next.
    const { web } = await cluster(false);
    const me = await loginAs(web);
    const first = upload(web, me.cookie, 'video', {
      data: makeVideo(1),
      filename: 'a.mp4',
      contentType: 'video/mp4',
    });
    void first.catch(() => undefined);
    await expect.poll(() => web.storedKeys().filter((k) => k.startsWith('job-')).length).toBe(1);
    const second = await upload(web, me.cookie, 'video', {
      data: makeVideo(1),
      filename: 'b.mp4',
      contentType: 'video/mp4',
    });
    expect(second.statusCode).toBe(503);
    expect(second.json().error).toBe(VIDEO_MESSAGES.uploadFailedRetry);
    expect(web.storedKeys().filter((k) => !k.startsWith('job-'))).toEqual([]);
  });
});
