/**
 * npm run gallery:pdf: the README's PDF gallery. Renders the long sample CV in each template
 * and ink-friendly with the server's own PDF renderer, then keeps each first page as a PNG
 * (docs/templates/pdf/<id>.png, poppler's pdftoppm at 60 dpi). With --keep-pdf the PDFs stay
 * beside them in a temp folder (for looking at pagination).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_IDS } from '@vitae/core';
import { buildTestApp, loginAs } from '../test/build-test-app.ts';
import { PDF_NAME, longCv } from './pdf-test-kit.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUT = path.join(ROOT, 'docs/templates/pdf');
const keepPdf = process.argv.includes('--keep-pdf');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

const t = await buildTestApp({
  webDist: path.join(ROOT, 'web/dist'),
  env: { CHROME_PATH: process.env.CHROME_PATH },
});
try {
  const me = await loginAs(t, { fullName: PDF_NAME });
  for (const [key, entries] of Object.entries(longCv())) {
    for (const payload of entries) {
      await t.app.inject({
        method: 'POST',
        url: `/api/${key}`,
        headers: { cookie: me.cookie },
        payload,
      });
    }
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-gallery-'));
  fs.mkdirSync(OUT, { recursive: true });
  for (const id of [...TEMPLATE_IDS, 'ink-friendly']) {
    if (only && id !== only) continue;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/curriculum-vitae/pdf?template=${id}`,
      headers: { cookie: me.cookie },
    });
    if (res.statusCode !== 200) throw new Error(`${id}: ${res.statusCode} ${res.body}`);
    const pdf = path.join(tmp, `${id}.pdf`);
    fs.writeFileSync(pdf, res.rawPayload);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      path.join(OUT, id),
    ]);
    console.log(`${id}: docs/templates/pdf/${id}.png${keepPdf ? ` (${pdf})` : ''}`);
  }
  if (!keepPdf) fs.rmSync(tmp, { recursive: true, force: true });
} finally {
  await t.close();
}
