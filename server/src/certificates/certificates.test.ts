import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import {
  createdEntry,
  mediaTestAppForFile,
  multipart,
  pdf,
  png,
  sectionChanges,
  upload,
} from '../test/media-test-kit.ts';

const t = mediaTestAppForFile('local');

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

async function uploadPdf(cookie: string) {
  return (
    await upload(t, cookie, 'raw', {
      data: pdf(),
      filename: 'c.pdf',
      contentType: 'application/pdf',
    })
  ).json<{ url: string; public_id: string }>();
}

describe('certificates', () => {
  it('adds a PDF and an image certificate, edits, replaces and deletes them', async () => {
    const { cookie, userId } = await loginAs(t);
    const events = sectionChanges(t);
    const doc = await uploadPdf(cookie);
    const pdfCert = await createdEntry(t, cookie, '/api/certificate', {
      title: 'First aid',
      pdfUrl: doc.url,
      publicId: doc.public_id,
    });
    expect(pdfCert).toMatchObject({
      title: 'First aid',
      photoUrl: '',
      publicId: doc.public_id,
      lastUpdate: expect.any(String),
    });
    expect(pdfCert.pdfUrl).toContain(`${doc.public_id}.pdf`);
    expect(events).toContainEqual({ userId, dataType: 'certificate' });

    const img = (
      await upload(t, cookie, 'image', {
        data: await png(),
        filename: 'c.png',
        contentType: 'image/png',
      })
    ).json();
    const list = (
      await call(cookie, 'POST', '/api/certificate', {
        title: 'Award',
        photoUrl: img.url,
        publicId: img.public_id,
      })
    ).json().data;
    expect(list[0]).toMatchObject({ title: 'Award', pdfUrl: '' });
    expect(list[0].photoUrl).toContain(`${img.public_id}.png`);
    expect((await call(cookie, 'GET', '/api/certificate/status')).json()).toEqual({ status: 2 });

    const renamed = await call(cookie, 'PATCH', `/api/certificate/${pdfCert._id}`, {
      title: 'First aid level 2',
    });
    expect(renamed.json().data.find((c: { _id: string }) => c._id === pdfCert._id).title).toBe(
      'First aid level 2',
    );

    // Replacing the document removes the old file.
    const doc2 = await uploadPdf(cookie);
    await call(cookie, 'PATCH', `/api/certificate/${pdfCert._id}`, {
      title: 'First aid',
      pdfUrl: doc2.url,
      publicId: doc2.public_id,
    });
    expect(t.storedKeys()).not.toContain(`${doc.public_id}.pdf`);
    expect(t.storedKeys()).toContain(`${doc2.public_id}.pdf`);

    const del = await call(cookie, 'POST', '/api/certificate/delete', {
      id: list[0]._id,
      publicId: img.public_id,
    });
    expect(del.json().data).toHaveLength(1);
    expect(t.storedKeys().filter((k) => k.startsWith(img.public_id))).toEqual([]);
  });

  it('accepts a session-only upload at /api/certificate/photo-upload', async () => {
    const { cookie } = await loginAs(t);
    const body = multipart({}, { data: await png(), filename: 'c.png', contentType: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/certificate/photo-upload',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = await call(cookie, 'POST', '/api/certificate', {
      title: 'Scan',
      photoUrl: res.json().url,
      publicId: res.json().public_id,
    });
    expect(created.statusCode).toBe(201);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/certificate/photo-upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('validates the title and the document', async () => {
    const { cookie } = await loginAs(t);
    const doc = await uploadPdf(cookie);
    const noTitle = await call(cookie, 'POST', '/api/certificate', {
      title: ' ',
      publicId: doc.public_id,
    });
    expect(noTitle.json()).toEqual({
      error: CERTIFICATE_MESSAGES.titleRequired,
      fieldErrors: { title: CERTIFICATE_MESSAGES.titleRequired },
    });
    const noDoc = await call(cookie, 'POST', '/api/certificate', { title: 'x' });
    expect(noDoc.json().fieldErrors).toEqual({ publicId: CERTIFICATE_MESSAGES.documentRequired });
  });

  it("keeps another user's certificates out of reach", async () => {
    const alice = await loginAs(t);
    const bob = await loginAs(t);
    const doc = await uploadPdf(alice.cookie);
    const [cert] = (
      await call(alice.cookie, 'POST', '/api/certificate', {
        title: 'Mine',
        publicId: doc.public_id,
      })
    ).json().data;
    expect((await call(bob.cookie, 'GET', '/api/certificate')).json()).toEqual({ data: [] });
    expect(
      (await call(bob.cookie, 'POST', '/api/certificate', { title: 'x', publicId: doc.public_id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(bob.cookie, 'PATCH', `/api/certificate/${cert._id}`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(bob.cookie, 'POST', '/api/certificate/delete', {
          id: cert._id,
          publicId: doc.public_id,
        })
      ).statusCode,
    ).toBe(404);
    expect(t.storedKeys()).toContain(`${doc.public_id}.pdf`);
  });
});
