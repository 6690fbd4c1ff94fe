// Small helpers the benchmark and drill scripts share.
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
