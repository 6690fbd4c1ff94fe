// npm run drill:restore: is every write acknowledged before a backup started in its restore?
// Starts the real server on a fresh DATA_DIR (and database), signs users up, and runs a write
// load: section entries, photo uploads (each file fetched back and hashed) and shares. Once
// --backup-after writes are acknowledged, `npm run backup` runs while the load goes on. Then
// the server stops, its data is destroyed, `npm run restore` puts the backup into a new
// DATA_DIR (and database), the server starts on it, and every write acknowledged before the
// backup began is looked up: entries by id and text, shares by id, photos by the SHA-256 of
// the bytes served. Prints acknowledged, lost and the time to back up and to restore, on
// SQLite and, when reachable, PostgreSQL; writes them to docs/benchmarks.md; exits 1 on a loss.
// Flags: --users 4 --backup-after 150. Not part of npm test.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { writeDocSection } from './lib/doc-section.mjs';
import {
  call,
  drillEnv,
  freshPostgres,
  PASSWORD,
  signUp,
  startServer,
  waitReady,
} from './lib/drill.mjs';
import { freePort } from './lib/net.mjs';

const run = promisify(execFile);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', 4);
const BACKUP_AFTER = arg('backup-after', 150);
const ENTRIES = 40;
const PHOTOS = 8;
const SHARES = 5;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

async function fetchBytes(base, url, cookie) {
  const res = await fetch(new URL(url, base), { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** A small PNG of its own colour, so every upload is a different file. */
const pngOf = (n) =>
  sharp({
    create: {
      width: 48,
      height: 48,
      channels: 3,
      background: { r: n % 256, g: (n * 7) % 256, b: 99 },
    },
  })
    .png()
    .toBuffer();

async function uploadPhoto(base, user, n) {
  const sig = await call(base, 'POST', '/api/cloudinary/signature-request-photo-preset', {
    cookie: user.cookie,
  });
  if (sig.status !== 200) throw new Error(`signature: ${sig.status}`);
  const form = new FormData();
  form.set('api_key', sig.json.apiKey);
  form.set('timestamp', String(sig.json.timestamp));
  form.set('signature', sig.json.signature);
  form.set('upload_preset', 'photo');
  form.set('file', new Blob([await pngOf(n)], { type: 'image/png' }), `p${n}.png`);
  const res = await fetch(`${base}/media/image/upload`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    body: form,
  });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const file = await res.json();
  const entry = await call(base, 'POST', '/api/photo', {
    cookie: user.cookie,
    body: { title: `Drill photo ${n}`, photoUrl: file.url, publicId: file.public_id },
  });
  if (entry.status !== 201) throw new Error(`photo: ${entry.status} ${JSON.stringify(entry.json)}`);
  const row = entry.json.data.find((p) => p.title === `Drill photo ${n}`);
  return { id: row._id, sha: sha256(await fetchBytes(base, row.photoUrl, user.cookie)) };
}

/** Writers per user: entries, photos and shares, each acknowledgement stamped with its time. */
async function writeLoad(base, users, onAck, stop) {
  const acks = [];
  const ack = (a) => {
    acks.push({ ...a, at: Date.now() });
    onAck(acks.length);
  };
  const entries = async (user, u) => {
    for (let i = 0; i < ENTRIES && !stop.now; i++) {
      const text = `drill ${u} skill ${i}`;
      const res = await call(base, 'POST', '/api/skill', {
        cookie: user.cookie,
        body: { skill: text, proficiency: 3 },
      });
      if (res.status !== 201) throw new Error(`skill: ${res.status}`);
      ack({ user: u, kind: 'skill', id: res.json.data.find((e) => e.skill === text)._id, text });
    }
  };
  const photos = async (user, u) => {
    for (let i = 0; i < PHOTOS && !stop.now; i++) {
      ack({ user: u, kind: 'photo', ...(await uploadPhoto(base, user, u * 100 + i)) });
    }
  };
  const shares = async (user, u) => {
    const cv = await call(base, 'GET', '/api/curriculum-vitae', { cookie: user.cookie });
    for (let i = 0; i < SHARES && !stop.now; i++) {
      const res = await call(base, 'POST', '/api/share-cv', {
        cookie: user.cookie,
        body: {
          curriculumVitaeID: cv.json._id,
          subject: `Drill ${u} ${i}`,
          message: 'Dear Hiring Manager,\n\nPlease consider my CV.',
          recipients: [{ email: `hr-${u}-${i}@acme.example`, key: 'r0' }],
          assignedPhotoUrl: null,
        },
      });
      if (res.status >= 300) throw new Error(`share: ${res.status} ${JSON.stringify(res.json)}`);
      ack({ user: u, kind: 'share', id: res.json.data._id });
    }
  };
  await Promise.all(users.flatMap((user, u) => [entries, photos, shares].map((w) => w(user, u))));
  return acks;
}

async function signIn(base, email) {
  const res = await call(base, 'POST', '/auth/user/login-web', {
    body: { email, password: PASSWORD },
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in after restore: ${res.status}`);
  return cookie;
}

/** Every acknowledged write the restored server no longer has (or has changed). */
async function countLost(base, users, acks) {
  let lost = 0;
  for (const [u, user] of users.entries()) {
    const cookie = await signIn(base, user.email);
    const mine = acks.filter((a) => a.user === u);
    const skills = new Map(
      (await call(base, 'GET', '/api/skill', { cookie })).json.data.map((e) => [e._id, e.skill]),
    );
    const shares = new Set(
      (await call(base, 'GET', '/api/share-cv', { cookie })).json.data.map((s) => s._id),
    );
    const photos = new Map();
    for (const p of (await call(base, 'GET', '/api/photo', { cookie })).json.data) {
      photos.set(p._id, sha256(await fetchBytes(base, p.photoUrl, cookie)));
    }
    for (const a of mine) {
      if (a.kind === 'skill' && skills.get(a.id) !== a.text) lost++;
      if (a.kind === 'share' && !shares.has(a.id)) lost++;
      if (a.kind === 'photo' && photos.get(a.id) !== a.sha) lost++;
    }
  }
  return lost;
}

const npm = (script, args, env) =>
  run(process.execPath, ['--import', 'tsx', `server/src/backup/${script}-cli.ts`, ...args], {
    env: { ...process.env, ...env },
  });

async function drill(name, databases) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-restore-drill-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const first = databases ? await databases() : null;
  const env = drillEnv(path.join(tmp, 'data'), port, first?.url);
  let server = startServer(env);
  let second = null;
  try {
    await waitReady(base, server);
    const users = [];
    for (let n = 0; n < USERS; n++) users.push(await signUp(base, env.DATA_DIR, n));

    const stop = { now: false };
    let backup;
    const load = writeLoad(
      base,
      users,
      (n) => {
        if (n !== BACKUP_AFTER) return;
        const startedAt = Date.now();
        backup = npm('backup', ['--out', path.join(tmp, 'backups')], env).then(({ stdout }) => {
          stop.now = true;
          return { startedAt, ms: Date.now() - startedAt, stdout };
        });
      },
      stop,
    );
    const acks = await load;
    if (!backup) throw new Error('the load ended before the backup: raise --users');
    const taken = await backup;
    server.kill('SIGTERM');
    await server.exited;

    // The disaster: the data folder and the database are gone.
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    await first?.drop();
    second = databases ? await databases() : null;
    const restoredEnv = drillEnv(path.join(tmp, 'restored'), port, second?.url);
    const folder = fs.readdirSync(path.join(tmp, 'backups'))[0];
    const restoreStarted = Date.now();
    await npm('restore', [path.join(tmp, 'backups', folder)], restoredEnv);
    const restoreMs = Date.now() - restoreStarted;

    server = startServer(restoredEnv);
    await waitReady(base, server);
    const before = acks.filter((a) => a.at < taken.startedAt);
    const lost = await countLost(base, users, before);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(tmp, 'backups', folder, 'manifest.json'), 'utf8'),
    );
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    const result = {
      name,
      acknowledged: before.length,
      during: acks.length - before.length,
      lost,
      backupMs: taken.ms,
      restoreMs,
      mib: bytes / 1024 / 1024,
    };
    console.log(
      `${name}: acknowledged before the backup ${result.acknowledged}, lost ${lost}; ` +
        `${result.during} more during it; backup ${result.backupMs} ms, restore ${restoreMs} ms ` +
        `for ${result.mib.toFixed(1)} MiB`,
    );
    return result;
  } finally {
    server.kill('SIGTERM');
    await server.exited;
    await second?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function report(results) {
  return [
    'Restore drill (`npm run drill:restore`): the real server on a fresh DATA_DIR; ' +
      `${USERS} users signed up through the API, each adding skills, uploading photos and`,
    `sharing their CV at once; \`npm run backup\` started after ${BACKUP_AFTER} acknowledged writes`,
    'while the load went on; the data folder and database destroyed; `npm run restore` into new',
    'ones; the server started on them and every write acknowledged before the backup began',
    'looked up (entries by id and text, shares by id, photos by the SHA-256 of the bytes served).',
    `Times are the CLI processes' wall clock, start-up included. Last run on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| database | acknowledged before the backup | lost | written during it | backup | restore | backup size |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.acknowledged} | ${r.lost} | ${r.during} | ${(r.backupMs / 1000).toFixed(1)} s | ${(r.restoreMs / 1000).toFixed(1)} s | ${r.mib.toFixed(1)} MiB |`,
    ),
  ].join('\n');
}

async function main() {
  const results = [await drill('sqlite')];
  const probe = await freshPostgres();
  if (probe) {
    await probe.drop();
    results.push(await drill('postgres', freshPostgres));
  }
  const out = path.resolve('docs/benchmarks.md');
  writeDocSection(out, 'Restore drill', report(results));
  console.log(`Written to ${out}`);
  if (results.some((r) => r.lost > 0)) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
