/**
 * Remakes fixtures/cv-template02.pdf (the PDF and e2e tests' input): a short CV rendered in
 * Vitae's Clean template by the server's own PDF renderer. Needs `npm run build` first.
 * Run: node --import tsx server/src/cv-io/document-import/make-fixture.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp, loginAs } from '../../test/build-test-app.ts';
import { FIXTURE_CV, FIXTURE_NAME } from './fixture-cv.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../..');

const t = await buildTestApp({ webDist: path.join(ROOT, 'web/dist') });
try {
  const me = await loginAs(t, { fullName: FIXTURE_CV['personal-info']![0]!.fullName as string });
  for (const [key, entries] of Object.entries(FIXTURE_CV)) {
    for (const payload of entries) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${key}`,
        headers: { cookie: me.cookie },
        payload,
      });
      if (res.statusCode >= 300) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
    }
  }
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/curriculum-vitae/pdf?template=template02',
    headers: { cookie: me.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  fs.writeFileSync(path.join(HERE, '../fixtures', FIXTURE_NAME), res.rawPayload);
  console.log(`server/src/cv-io/fixtures/${FIXTURE_NAME}: ${res.rawPayload.length} bytes`);
} finally {
  await t.close();
}
