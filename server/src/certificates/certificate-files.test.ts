import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES } from '@vitae/core';
import { loginAs } from '../test/build-test-app.ts';
import { mediaTestAppForFile, multipart, pdf, png, upload } from '../test/media-test-kit.ts';

const t = mediaTestAppForFile('local');

/** Uploads a document the session-only way the certificate form does, then attaches it. */
async function uploadDocument(cookie: string, file: { data: Buffer; contentType: string }) {
  const body = multipart({}, { ...file, filename: 'certificate' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/certificate/photo-upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  return res;
}

describe('certificate documents', () => {
  it('are served sandboxed, unsniffable and inline: PDFs and images alike', async () => {
    const { cookie } = await loginAs(t);
    for (const file of [
      { data: pdf(), contentType: 'application/pdf' },
      { data: await png(), contentType: 'image/png' },
    ]) {
      const uploaded = await uploadDocument(cookie, file);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/certificate',
        headers: { cookie },
        payload: { title: 'Diploma', publicId: uploaded.json().public_id },
      });
      const [cert] = created.json().data;
      const served = await t.app.inject({ url: cert.pdfUrl || cert.photoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.contentType);
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Inline, so the shared viewer's iframe still shows it.
      expect(served.headers['content-disposition']).toMatch(/^inline; /);
    }
  });

  it('refuses a PDF that runs JavaScript, and accepts one that only sets its first view', async () => {
    const { cookie } = await loginAs(t);
    const before = t.storedKeys().length;
    for (const catalog of [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ',
      '/Names << /JavaScript 9 0 R >> ',
      // Names may hide behind #xx escapes.
      '/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >> ',
    ]) {
      const res = await uploadDocument(cookie, {
        data: pdf(catalog),
        contentType: 'application/pdf',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: CERTIFICATE_MESSAGES.pdfActiveContent });
    }
    const raw = await upload(t, cookie, 'raw', {
      data: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '),
      filename: 'c.pdf',
      contentType: 'application/pdf',
    });
    expect(raw.statusCode).toBe(400);
    expect(t.storedKeys()).toHaveLength(before);

    const plain = await uploadDocument(cookie, {
      data: pdf('/OpenAction [3 0 R /Fit] '),
      contentType: 'application/pdf',
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});
