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
    const before = (await call(cookie, 'GET', '/api/certificate')).json();
    const bad = [
      [{ issuer: 'x'.repeat(101) }, { issuer: CERTIFICATE_MESSAGES.issuerTooLong }],
      [{ date: '2020-13' }, { date: CERTIFICATE_MESSAGES.badDate }],
      [{ date: 'Mar 2020' }, { date: CERTIFICATE_MESSAGES.badDate }],
      [{ date: '2999-01' }, { date: CERTIFICATE_MESSAGES.futureDate }],
      [{ url: 'javascript:alert(1)' }, { url: CERTIFICATE_MESSAGES.badUrl }],
      [{ url: 'not a url' }, { url: CERTIFICATE_MESSAGES.badUrl }],
      [{ url: `https://a.example/${'x'.repeat(500)}` }, { url: CERTIFICATE_MESSAGES.urlTooLong }],
      [{ issuer: 7 }, { issuer: CERTIFICATE_MESSAGES.issuerTooLong }],
    ] as const;
    for (const [body, fieldErrors] of bad) {
      const res = await call(cookie, 'POST', '/api/certificate', { title: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect((await call(cookie, 'GET', '/api/certificate')).json()).toEqual(before);
  });

  it('keeps a certificate without a file: title, issuer, date and link (issue 32)', async () => {
    const { cookie, userId } = await loginAs(t);
    const events = sectionChanges(t);
    const res = await call(cookie, 'POST', '/api/certificate', {
      title: 'AWS Solutions Architect',
      issuer: 'Amazon Web Services',
      date: '2020-03',
      url: 'https://aws.example/verify/123',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [cert] = res.json().data;
    expect(cert).toEqual({
      _id: expect.any(String),
      title: 'AWS Solutions Architect',
      pdfUrl: '',
      photoUrl: '',
      publicId: '',
      issuer: 'Amazon Web Services',
      date: '2020-03',
      url: 'https://aws.example/verify/123',
      lastUpdate: expect.any(String),
    });
    expect(events).toContainEqual({ userId, dataType: 'certificate' });
    expect((await call(cookie, 'GET', '/api/certificate/status')).json()).toEqual({ status: 1 });

    // The one-request CV shows it too, without a file.
    const cv = (await call(cookie, 'GET', '/api/curriculum-vitae/data')).json().data;
    expect(cv.certificates).toEqual([
      expect.objectContaining({ title: 'AWS Solutions Architect', pdfUrl: '', date: '2020-03' }),
    ]);

    // Editing: details change or stay; a file may be added, then removed again.
    const edited = await call(cookie, 'PATCH', `/api/certificate/${cert._id}`, {
      title: 'AWS SA',
      date: '',
    });
    expect(edited.json().data[0]).toMatchObject({
      title: 'AWS SA',
      issuer: 'Amazon Web Services',
      date: '',
      url: 'https://aws.example/verify/123',
    });
    const doc = await uploadPdf(cookie);
    const withFile = await call(cookie, 'PATCH', `/api/certificate/${cert._id}`, {
      title: 'AWS SA',
      publicId: doc.public_id,
    });
    expect(withFile.json().data[0].pdfUrl).toContain(`${doc.public_id}.pdf`);
    const without = await call(cookie, 'PATCH', `/api/certificate/${cert._id}`, {
      title: 'AWS SA',
      removeFile: true,
    });
    expect(without.json().data[0]).toMatchObject({ pdfUrl: '', publicId: '' });
    expect(t.storedKeys()).not.toContain(`${doc.public_id}.pdf`);

    const del = await call(cookie, 'POST', '/api/certificate/delete', { id: cert._id });
    expect(del.json()).toEqual({ data: [] });
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
