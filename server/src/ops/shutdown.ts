import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.ts';

export interface ShutdownOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** SHUTDOWN_TIMEOUT_MS: after this the requests still open are cut and the process exits 1. */
  timeoutMs: number;
  /** What the app does not own, closed after it: the database, the rate limiter's Redis. */
  closeRest(): Promise<void>;
  exit?: (code: number) => void;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Graceful shutdown on SIGTERM or SIGINT (docs/operations.md, "Stopping"): readyz answers
 * 503 `draining` at once; Fastify's close then disconnects every socket (clients reconnect to
 * another instance), stops accepting connections, answers 503 to a new request on a kept-alive
 * connection, waits for the requests in flight and runs the close hooks (background sweeps,
 * the export queue, the PDF browser, Redis connections); then the database closes and the
 * process exits 0. Past `timeoutMs` the open connections are cut and it exits 1; a second
 * signal exits 1 at once.
 */
export function shutdownOnSignals(options: ShutdownOptions): void {
  const { app, lifecycle, timeoutMs, closeRest } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;

  async function shutdown(signal: string): Promise<void> {
    lifecycle.startDraining();
    app.log.info(
      { signal, timeoutMs },
      'draining: finishing the requests in flight, then stopping',
    );
    const deadline = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'shutdown timed out: closing the connections still open');
      app.server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    try {
      await app.close();
      await closeRest();
      clearTimeout(deadline);
      app.log.info('stopped');
      exit(0);
    } catch (err) {
      clearTimeout(deadline);
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    started = true;
    void shutdown(signal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
}
