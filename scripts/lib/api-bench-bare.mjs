// The baseline of the API bench (scripts/lib/api-bench.mjs): a bare Fastify process answering
// the same JSON documents the real server answered, parsed once and kept in memory, so each
// request pays only Fastify's routing and JSON.stringify. Started as
// `node scripts/lib/api-bench-bare.mjs <file.json> <port> [workUs]`, where the file maps a
// route name to its document; it prints "ready" once it listens.
// workUs (the calibration rows): each request first spends that many microseconds of CPU on
// the thread, standing in for whatever a real route does beyond bare Fastify, so the bench
// shows what share of bare Fastify a given amount of extra work per request leaves.
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port, workUs = '0'] = process.argv.slice(2);
const documents = JSON.parse(fs.readFileSync(file, 'utf8'));
const workNs = BigInt(Math.round(Number(workUs) * 1000));

function work() {
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < workNs);
}

const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(documents)) {
  app.get(`/${name}`, workNs > 0n ? async () => (work(), body) : async () => body);
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => app.close(() => process.exit(0)));
