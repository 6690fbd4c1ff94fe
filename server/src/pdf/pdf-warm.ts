import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PdfRenderer } from './pdf-renderer.ts';

/**
 * The answers after which someone is about to want a PDF: the CV data of each audience a
 * PDF can be made for (the owner, a share's recipient after the pin or on a reload of the
 * viewer, an HR user opening a saved CV), as `METHOD route-url`.
 */
export const WARM_TRIGGERS: ReadonlySet<string> = new Set([
  'GET /api/curriculum-vitae/data',
  'POST /api/share-cv/unlock',
  'POST /api/curriculum-vitae/view',
  'GET /hr/saved-cv/:id',
  'POST /hr/saved-cv/:id/views',
]);

/** What Fastify publishes when an async route handler has answered (docs: Hooks.md). */
const HANDLER_ANSWERED = 'tracing:fastify.request.handler:asyncEnd';

interface HandlerAnswered {
  request: FastifyRequest;
  reply: FastifyReply;
  route: { url: string; method: string };
  error?: unknown;
}

/**
 * Warms `renderer` in the background after the first successful answer to a WARM_TRIGGERS
 * route while the renderer is cold: at start-up, and again after it closed its browser for
 * idleness. Until then the server holds neither playwright-core nor Chromium's ~400 MiB.
 *
 * Fastify keeps hooks within their plugin, and the trigger routes live in other plugins, so
 * the answers are read from Fastify's diagnostics channel, which sees every route; it is
 * process-wide, so answers of another app in the same process (tests) are ignored.
 */
export function warmOnDemand(app: FastifyInstance, renderer: PdfRenderer): void {
  const onAnswered = (message: unknown): void => {
    // Once warm, this boolean is all an answer costs.
    if (!renderer.cold) return;
    const { request, reply, route, error } = message as HandlerAnswered;
    if (error !== undefined || reply.statusCode >= 400) return;
    if (request.server.server !== app.server) return;
    if (!WARM_TRIGGERS.has(`${route.method} ${route.url}`)) return;
    renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'PDF renderer warm-up failed'));
  };
  diagnostics.subscribe(HANDLER_ANSWERED, onAnswered);
  app.addHook('onClose', async () => {
    diagnostics.unsubscribe(HANDLER_ANSWERED, onAnswered);
  });
}
