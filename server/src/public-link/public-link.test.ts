import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LINK_MESSAGES, VERSION_MESSAGES, type PublicLink } from '@vitae/core';
import { buildTestApp, callAs, loginAs, type TestApp, type Who } from '../test/build-test-app.ts';
import { recordingPdfRenderer } from '../test/cv-settings-kit.ts';
import { createdEntry, png, upload } from '../test/media-test-kit.ts';

const { renderer, asked } = recordingPdfRenderer();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ pdfRenderer: renderer });
});
afterAll(() => t.close());

const call = callAs(() => t);
const versions = '/api/curriculum-vitae/versions';
const linkOf = (version: string) => `${versions}/${version}/public-link`;
const slugOf = (link: PublicLink) => link.path!.replace('/cv/', '');
/** A reader holding the link: no session, an address of its own. */
const read = (slug: string, ip = '10.30.0.1', suffix = '') =>
  t.app.inject({ method: 'GET', url: `/api/cv-link/${slug}${suffix}`, remoteAddress: ip });
const view = (slug: string, ip = '10.30.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/cv-link/${slug}/view`,
    remoteAddress: ip,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' },
  });

async function addJob(who: Who, position: string): Promise<string> {
  const res = await call(who, 'POST', '/api/employment-history', {
    position,
    company: 'Acme',
    startDate: '2020-01',
    current: true,
  });
  expect(res.statusCode).toBe(201);
  return (res.json().data as { _id: string; position: string }[]).find(
    (j) => j.position === position,
  )!._id;
}

/** A candidate with two jobs and a second version, "Data analyst", that leaves one out. */
async function candidate() {
  const me = await loginAs(t);
  await addJob(me, 'Teacher');
  const analystJob = await addJob(me, 'Analyst');
  const teacherJob = (
    (await call(me, 'GET', '/api/employment-history')).json().data as {
      _id: string;
      position: string;
    }[]
  ).find((j) => j.position === 'Teacher')!._id;
  const version = (await call(me, 'POST', versions, { name: 'Data analyst' })).json()._id as string;
  await call(me, 'PUT', `${versions}/${version}/entries/${teacherJob}`, {
    section: 'employment-history',
    included: false,
  });
  await call(me, 'PATCH', `/api/curriculum-vitae/template?version=${version}`, {
    template: 'template07',
  });
  return { me, version, analystJob };
}

describe('a public link per CV version', () => {
  it('is off by default; on, it opens that version without a pin, marked noindex', async () => {
    const { me, version } = await candidate();
    const off = await call(me, 'GET', linkOf(version));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, path: null, viewCount: 0 });

    const on = await call(me, 'PUT', linkOf(version), { enabled: true });
    expect(on.statusCode).toBe(200);
    const link = on.json() as PublicLink;
    expect(link).toMatchObject({ enabled: true, indexable: false, includePhoto: true });
    expect(link.path).toMatch(/^\/cv\/[A-Za-z0-9_-]{16}$/);

    const res = await read(slugOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const body = res.json();
    expect(body.cv).toEqual({ _id: version, template: 'template07' });
    expect(body.data.employHistorys.map((j: { position: string }) => j.position)).toEqual([
      'Analyst',
    ]);
    // The owner's default version is untouched and has no link; the list says which has one.
    const list = (await call(me, 'GET', versions)).json().data as {
      _id: string;
      publicLink: boolean;
    }[];
    expect(list.map((v) => v.publicLink)).toEqual([false, true]);
    expect((await call(me, 'GET', linkOf(list[0]!._id))).json().enabled).toBe(false);
  });

  it('turning it on twice keeps one slug; off, reset and unknown slugs answer the same 404', async () => {
    const { me, version } = await candidate();
    const [a, b] = await Promise.all([
      call(me, 'PUT', linkOf(version), { enabled: true }),
      call(me, 'PUT', linkOf(version), { enabled: true }),
    ]);
    expect(a.json().path).toBe(b.json().path);
    const first = slugOf(a.json());

    const reset = await call(me, 'POST', `${linkOf(version)}/reset`);
    expect(reset.statusCode).toBe(200);
    const second = slugOf(reset.json());
    expect(second).not.toBe(first);
    const gone = await read(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(PUBLIC_LINK_MESSAGES.notFound);
    expect((await read(second)).statusCode).toBe(200);

    await call(me, 'PUT', linkOf(version), { enabled: false });
    expect((await read(second)).statusCode).toBe(404);
    const resetOff = await call(me, 'POST', `${linkOf(version)}/reset`);
    expect(resetOff.statusCode).toBe(409);
    expect(resetOff.json().error).toBe(PUBLIC_LINK_MESSAGES.off);
    expect((await read('not-a-slug')).statusCode).toBe(404);
    expect((await read('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('counts each view in the owner trail and notifies them', async () => {
    const { me, version } = await candidate();
    const slug = slugOf((await call(me, 'PUT', linkOf(version), { enabled: true })).json());
    const seen = await view(slug);
    expect(seen.statusCode).toBe(200);
    await view(slug, '10.30.0.2');
    const link = (await call(me, 'GET', linkOf(version))).json() as PublicLink;
    expect(link.viewCount).toBe(2);
    expect(link.views[0]).toMatchObject({ deviceKind: 'phone', videoPercent: 0 });
    expect(link.lastViewedAt).toBe(link.views[0]!.viewedAt);
    const notes = (await call(me, 'GET', '/api/notifications')).json();
    const messages = JSON.stringify(notes);
    expect(messages).toContain(PUBLIC_LINK_MESSAGES.viewedMessage);
    // The views stay in the trail after a reset; they are the version's, not the slug's.
    await call(me, 'POST', `${linkOf(version)}/reset`);
    expect(((await call(me, 'GET', linkOf(version))).json() as PublicLink).viewCount).toBe(2);
  });

  it('bounds the views one address records, and reading per address', async () => {
    const { me, version } = await candidate();
    const slug = slugOf((await call(me, 'PUT', linkOf(version), { enabled: true })).json());
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await view(slug, '10.31.0.1')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
    // Another reader is not held back by the first.
    expect((await view(slug, '10.31.0.2')).statusCode).toBe(200);
  });

  it("answers 404 for another user's version and 400 for bad settings, changing nothing", async () => {
    const { me, version } = await candidate();
    const stranger = await loginAs(t);
    for (const [method, url, body] of [
      ['GET', linkOf(version), undefined],
      ['PUT', linkOf(version), { enabled: true }],
      ['POST', `${linkOf(version)}/reset`, undefined],
    ] as const) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(VERSION_MESSAGES.notFound);
    }
    expect((await call(null, 'GET', linkOf(version))).statusCode).toBe(401);
    for (const body of [
      {},
      { enabled: 'yes' },
      { enabled: true, extra: 1 },
      { enabled: true, indexable: 1 },
    ]) {
      const bad = await call(me, 'PUT', linkOf(version), body);
      expect(bad.statusCode).toBe(400);
    }
    expect((await call(me, 'GET', linkOf(version))).json().enabled).toBe(false);
  });

  it('lets the owner opt in to search engines and leave the photo out', async () => {
    const { me, version } = await candidate();
    const file = await upload(
      t,
      me.cookie,
      'image',
      { data: await png(), filename: 'p.png', contentType: 'image/png' },
      { preset: 'photo' },
    );
    await createdEntry(t, me.cookie, '/api/photo', {
      title: 'Portrait',
      photoUrl: file.json().url,
      publicId: file.json().public_id,
    });
    const link = (await call(me, 'PUT', linkOf(version), { enabled: true })).json() as PublicLink;
    const slug = slugOf(link);
    const photoUrl = (await read(slug)).json().data.assignedPhotoUrl as string;
    expect(photoUrl).toContain('&link=');
    expect((await t.app.inject({ url: photoUrl })).statusCode).toBe(200);

    const page = () =>
      t.app.inject({
        url: link.path!,
        headers: { accept: 'text/html' },
        remoteAddress: '10.32.0.1',
      });
    expect((await page()).headers['x-robots-tag']).toBe('noindex');
    await call(me, 'PUT', linkOf(version), { enabled: true, indexable: true, includePhoto: false });
    expect((await page()).headers['x-robots-tag']).toBeUndefined();
    expect((await read(slug)).json().data.assignedPhotoUrl).toBeNull();

    // A reset ends the media URLs handed out under the old link.
    await call(me, 'POST', `${linkOf(version)}/reset`);
    expect((await t.app.inject({ url: photoUrl })).statusCode).toBe(404);
  });

  it("draws the PDF of the link's version on its paper, and stops with the link", async () => {
    const { me, version } = await candidate();
    await call(me, 'PUT', `/api/curriculum-vitae/page-size?version=${version}`, {
      pageSize: 'Letter',
    });
    const slug = slugOf((await call(me, 'PUT', linkOf(version), { enabled: true })).json());
    const res = await read(slug, '10.33.0.1', '/pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const last = asked.at(-1)!;
    expect(last.paper).toBe('letter');
    expect(last.payload.layout).toBe('template07');
    expect(last.payload.data.employHistorys.map((j) => j.position)).toEqual(['Analyst']);
    await call(me, 'PUT', linkOf(version), { enabled: false });
    expect((await read(slug, '10.33.0.1', '/pdf')).statusCode).toBe(404);
  });

  it('goes with its version: deleting the version closes the link', async () => {
    const { me, version } = await candidate();
    const slug = slugOf((await call(me, 'PUT', linkOf(version), { enabled: true })).json());
    expect((await call(me, 'DELETE', `${versions}/${version}`)).statusCode).toBe(200);
    expect((await read(slug)).statusCode).toBe(404);
  });
});
