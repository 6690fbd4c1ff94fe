// npm run cluster: Vitae as an operator runs it at scale, on this machine. Two web instances
// (ROLE=web) and one worker (ROLE=worker) share one PostgreSQL database, one Redis and one
// S3-compatible bucket (s3rver, as the tests use), behind HAProxy (WebSocket upgrade, /readyz
// health checks, round robin, no sticky sessions), all on 127.0.0.1. Ctrl-C stops them all.
// The README's "Scaling out" section lists each variable; the set-up is scripts/lib/cluster.mjs.
import path from 'node:path';
import { ClusterError, startCluster } from './lib/cluster.mjs';

const env = process.env;
const PORT = Number(env.CLUSTER_PORT || 5100);
let cluster;
let started;
let stopping = false;
// Ctrl-C while it starts stops what has started (startCluster then throws).
const starting = new AbortController();

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  starting.abort();
  await started?.catch(() => undefined);
  await cluster?.stop();
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));

try {
  started = startCluster({
    port: PORT,
    s3Port: Number(env.CLUSTER_S3_PORT || PORT + 9),
    dataDir: path.resolve(env.CLUSTER_DATA_DIR || 'data/cluster'),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    signal: starting.signal,
    onExit: (name, code, signal) => {
      console.log(`[${name}] exited (${signal ?? code}); stopping the cluster`);
      void stop(1);
    },
  });
  cluster = await started;
} catch (err) {
  if (stopping) await new Promise(() => undefined); // stop() exits once all has stopped
  console.error(err instanceof ClusterError ? err.message : err);
  process.exit(1);
}

const { url, webPorts, databaseUrl, redisUrl, s3Endpoint, dataDir } = cluster;
console.log(
  `\nVitae cluster at ${url} (HAProxy) · web1 :${webPorts[0]} · web2 :${webPorts[1]} · ` +
    `worker (no HTTP) · PostgreSQL ${new URL(databaseUrl).pathname.slice(1)} · Redis ${redisUrl} · ` +
    `S3 ${s3Endpoint} · data in ${dataDir} · mail in ${path.join(dataDir, 'worker', 'outbox')} · Ctrl-C stops it all.\n`,
);
