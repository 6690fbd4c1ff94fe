// npm run drill:kill: does an acknowledged write survive the server being killed?
// Starts the real server (server/src/main.ts, as npm start does) on a fresh DATA_DIR and a
// free port, signs users up through the API (verification links read from DATA_DIR/outbox),
// runs concurrent section writes, SIGKILLs the server mid-load, starts it again on the same
// data and counts every write answered 2xx that is missing. SQLite always; PostgreSQL too
// when DRILL_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// is reachable (a fresh database, dropped afterwards). Prints "acknowledged N, lost M" per
// database, writes the figures into docs/benchmarks.md and exits 1 if anything was lost.
// Flags: --users 6 --kill-after 300. Not part of npm test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeDocSection } from './lib/doc-section.mjs';
import { call, drillEnv, freshPostgres, signUp, startServer, waitReady } from './lib/drill.mjs';
import { freePort } from './lib/net.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', 6);
const KILL_AFTER = arg('kill-after', 300);
/** Sections whose entries carry one unique text; 50 entries each per user (the cap). */
const SECTIONS = [
  ['skill', (text) => ({ skill: text, proficiency: 3 })],
  ['interest', (text) => ({ interest: text })],
  ['attribute', (text) => ({ attribute: text })],
];
const PER_SECTION = 50;

/**
 * One writer per user and section, adding entries until the cap or the kill; every
 * 2xx is recorded with the id the answer gave the new entry.
 */
async function writeLoad(base, users, onAck) {
  const acknowledged = [];
  let sent = 0;
  const writer = async (user, u, [section, bodyOf]) => {
    for (let i = 0; i < PER_SECTION; i++) {
      const text = `drill ${u} ${section} ${i}`;
      sent++;
      let res;
      try {
        res = await call(base, 'POST', `/api/${section}`, {
          body: bodyOf(text),
          cookie: user.cookie,
        });
      } catch {
        return; // the server is gone
      }
      if (res.status < 200 || res.status > 299) throw new Error(`${section}: ${res.status}`);
      const entry = res.json.data.find((e) => e[section] === text);
      if (!entry) throw new Error(`${section}: the answer does not list "${text}"`);
      acknowledged.push({ user: u, section, id: entry._id, text });
      onAck(acknowledged.length);
    }
  };
  await Promise.all(users.flatMap((user, u) => SECTIONS.map((s) => writer(user, u, s))));
  return { acknowledged, sent };
}

async function countLost(base, users, acknowledged) {
  let lost = 0;
  for (const [u, user] of users.entries()) {
    for (const [section] of SECTIONS) {
      const res = await call(base, 'GET', `/api/${section}`, { cookie: user.cookie });
      if (res.status !== 200) throw new Error(`after restart, GET /api/${section}: ${res.status}`);
      const stored = new Map(res.json.data.map((e) => [e._id, e[section]]));
      for (const w of acknowledged.filter((a) => a.user === u && a.section === section)) {
        if (stored.get(w.id) !== w.text) lost++;
      }
    }
  }
  return lost;
}

async function drill(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitae-drill-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = drillEnv(dataDir, port, databaseUrl);
  let server = startServer(env);
  try {
    await waitReady(base, server);
    const users = [];
    for (let n = 0; n < USERS; n++) users.push(await signUp(base, dataDir, n));

    const killed = server;
    let killedAt = 0;
    const load = writeLoad(base, users, (acks) => {
      if (acks >= KILL_AFTER && !killedAt) {
        killedAt = acks;
        killed.kill('SIGKILL');
      }
    });
    const { acknowledged, sent } = await load;
    await killed.exited;
    if (!killedAt) throw new Error('the load ended before the kill: raise --users');

    server = startServer(env);
    await waitReady(base, server);
    const lost = await countLost(base, users, acknowledged);
    const result = {
      name,
      acknowledged: acknowledged.length,
      lost,
      inFlight: sent - acknowledged.length,
    };
    console.log(
      `${name}: acknowledged ${result.acknowledged}, lost ${lost} ` +
        `(killed at the ${killedAt}th acknowledgement; ${result.inFlight} writes were unanswered)`,
    );
    return result;
  } finally {
    server.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results) {
  return [
    'Kill drill (`npm run drill:kill`): the real server (`server/src/main.ts`) on a fresh',
    `DATA_DIR; ${USERS} users signed up and verified through the API; ${USERS * SECTIONS.length}`,
    'concurrent writers adding skills, interests and attributes; `SIGKILL` sent once',
    `${KILL_AFTER} writes were answered 2xx (answers already on their way count too); restarted on`,
    `the same data, every acknowledged write looked up by its id. Last run on ${os.cpus().length} CPU(s), ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| database | acknowledged | lost | unanswered at the kill |',
    '|---|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.acknowledged} | ${r.lost} | ${r.inFlight} |`),
    '',
    'A process kill tests what the operating system already holds; a power loss is what',
    'SQLite `synchronous=FULL` is for (see "Write durability" and docs/decisions/0005).',
  ].join('\n');
}

async function main() {
  const results = [await drill('sqlite')];
  const pgDb = await freshPostgres();
  if (pgDb) {
    try {
      results.push(await drill('postgres', pgDb.url));
    } finally {
      await pgDb.drop();
    }
  }
  const out = path.resolve('docs/benchmarks.md');
  writeDocSection(out, 'Durability drill', report(results));
  console.log(`Written to ${out}`);
  if (results.some((r) => r.lost > 0)) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
