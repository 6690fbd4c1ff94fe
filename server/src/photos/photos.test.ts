import { describe, expect, it } from 'vitest';
import { NONE_ASSIGNED, PHOTO_MESSAGES, UPLOAD_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import {
  createdEntry,
  mediaTestAppForFile,
  pdf,
  png,
  sectionChanges,
  upload,
} from '../test/media-test-kit.ts';

const t = mediaTestAppForFile('local');

async function uploadPhoto(cookie: string) {
  const res = await upload(
    t,
    cookie,
    'image',
    { data: await png(), filename: 'p.png', contentType: 'image/png' },
    { preset: 'photo' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string; public_id: string }>();
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('photos', () => {
  it('assigns the first photo, lists, renames and reassigns', async () => {
    const { cookie, userId } = await loginAs(t);
    const events = sectionChanges(t);
    expect((await call(cookie, 'GET', '/api/photo/assigned')).json().assignedPhotoUrl).toBe(
      NONE_ASSIGNED,
    );

    const first = await uploadPhoto(cookie);
    const fields = { photoUrl: first.url, publicId: first.public_id };
    const p1 = await createdEntry(t, cookie, '/api/photo', { title: 'Portrait', ...fields });
    expect(p1).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Portrait',
      assigned: true,
      publicId: first.public_id,
      lastUpdate: expect.any(String),
    });
    expect(events).toEqual([{ userId, dataType: 'photo' }]);

    const second = await uploadPhoto(cookie);
    const list = (
      await call(cookie, 'POST', '/api/photo', { title: 'Casual', publicId: second.public_id })
    ).json().data;
    expect(list.map((p: { title: string; assigned: boolean }) => [p.title, p.assigned])).toEqual([
      ['Casual', false],
      ['Portrait', true],
    ]);
    expect((await call(cookie, 'GET', '/api/photo/status')).json()).toEqual({ status: 2 });

    const renamed = await call(cookie, 'PATCH', `/api/photo/${p1._id}`, { title: 'Formal' });
    expect(renamed.json().data.find((p: { _id: string }) => p._id === p1._id).title).toBe('Formal');

    const p2 = list[0]._id;
    const assigned = await call(cookie, 'POST', '/api/photo/assign-photo', { id: p2 });
    expect(
      assigned
        .json()
        .data.filter((p: { assigned: boolean }) => p.assigned)
        .map((p: { _id: string }) => p._id),
    ).toEqual([p2]);
    const url = (await call(cookie, 'GET', '/api/photo/assigned')).json().assignedPhotoUrl;
    expect(url).toContain(`/media/file/${second.public_id}.png?`);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('deleting the assigned photo leaves none assigned, or assigns the only one left', async () => {
    const { cookie } = await loginAs(t);
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      const u = await uploadPhoto(cookie);
      const data = (
        await call(cookie, 'POST', '/api/photo', { title, publicId: u.public_id })
      ).json().data;
      ids.push(data[0]._id);
    }
    // A (the first) is assigned; deleting it leaves B and C, none assigned.
    let res = await call(cookie, 'POST', '/api/photo/delete', { id: ids[0] });
    expect(res.json().data.every((p: { assigned: boolean }) => !p.assigned)).toBe(true);
    expect(res.json().assignedPhotoUrl).toBe(NONE_ASSIGNED);
    res = await call(cookie, 'POST', '/api/photo/delete', { id: ids[1] });
    expect(res.json().data).toMatchObject([{ _id: ids[2], assigned: true }]);
  });

  it('deleting a photo removes its files', async () => {
    const { cookie } = await loginAs(t);
    const u = await uploadPhoto(cookie);
    const [photo] = (
      await call(cookie, 'POST', '/api/photo', { title: 'Gone', publicId: u.public_id })
    ).json().data;
    expect(t.storedKeys().filter((k) => k.startsWith(u.public_id))).toHaveLength(2);
    await call(cookie, 'POST', '/api/photo/delete', { id: photo._id });
    expect(t.storedKeys().filter((k) => k.startsWith(u.public_id))).toEqual([]);
    expect((await t.app.inject({ url: u.url })).statusCode).toBe(404);
  });

  it('validates the title and the file', async () => {
    const { cookie } = await loginAs(t);
    const u = await uploadPhoto(cookie);
    const noTitle = await call(cookie, 'POST', '/api/photo', {
      title: '  ',
      publicId: u.public_id,
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fieldErrors).toEqual({ title: PHOTO_MESSAGES.titleRequired });
    const noFile = await call(cookie, 'POST', '/api/photo', { title: 'x' });
    expect(noFile.json().fieldErrors).toEqual({ publicId: PHOTO_MESSAGES.fileRequired });
    // A certificate upload is not a photo, and one file backs one record.
    const cert = (
      await upload(t, cookie, 'raw', {
        data: pdf(),
        filename: 'c.pdf',
        contentType: 'application/pdf',
      })
    ).json();
    expect(
      (await call(cookie, 'POST', '/api/photo', { title: 'x', publicId: cert.public_id })).json()
        .error,
    ).toBe(UPLOAD_MESSAGES.mediaWrongKind);
    expect(
      (await call(cookie, 'POST', '/api/photo', { title: 'x', publicId: u.public_id })).statusCode,
    ).toBe(201);
    const again = await call(cookie, 'POST', '/api/photo', {
      title: 'y',
      photoUrl: u.url,
      publicId: u.url,
    });
    expect(again.statusCode).toBe(409);
  });

  it("keeps another user's photos out of reach", async () => {
    const alice = await loginAs(t);
    const bob = await loginAs(t);
    const u = await uploadPhoto(alice.cookie);
    const [photo] = (
      await call(alice.cookie, 'POST', '/api/photo', { title: 'Mine', publicId: u.public_id })
    ).json().data;

    expect((await call(bob.cookie, 'GET', '/api/photo')).json()).toEqual({ data: [] });
    expect(
      (await call(bob.cookie, 'POST', '/api/photo', { title: 'Stolen', publicId: u.public_id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(bob.cookie, 'POST', '/api/photo/assign-photo', { id: photo._id })).statusCode,
    ).toBe(404);
    expect(
      (await call(bob.cookie, 'PATCH', `/api/photo/${photo._id}`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call(bob.cookie, 'POST', '/api/photo/delete', { id: photo._id })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(bob.cookie, 'POST', '/api/photo-service/delete-photo', {
          imageFile: u.public_id,
        })
      ).statusCode,
    ).toBe(404);
    // Alice's own discard leaves a file in use alone.
    expect(
      (
        await call(alice.cookie, 'POST', '/api/photo-service/delete-photo', {
          imageFile: u.public_id,
        })
      ).json(),
    ).toEqual({ success: true, deleted: false });
    expect(t.storedKeys().filter((k) => k.startsWith(u.public_id))).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/photo' })).statusCode).toBe(401);
  });
});
