import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { escapeHtml, readOutbox } from '../plugins/mailer.ts';
import { isLocalRequest, outboxAccess } from './outbox-access.ts';

/**
 * The outbox in a browser: read verification links and pins without a mail server.
 * Where outboxAccess refuses, every path under /dev/outbox answers the app's own 404.
 */
export async function outboxRoutes(app: FastifyInstance, { config }: AppDeps): Promise<void> {
  const access = outboxAccess(config);
  if (access.open === 'no') return;

  const opts: RouteShorthandOptions = { schema: { hide: true } };
  if (access.open === 'local') {
    // The socket's own address, not req.ip: a forwarded header could be forged.
    opts.onRequest = async (req, reply) => {
      if (!isLocalRequest(req.raw.socket.remoteAddress, req.headers)) return reply.callNotFound();
    };
  }
  const dataDir = config.dataDir;

  app.get('/dev/outbox.json', opts, async () => readOutbox(dataDir));

  app.get('/dev/outbox', opts, async (_req, reply) => {
    const mails = await readOutbox(dataDir);
    const linkify = (t: string) =>
      escapeHtml(t).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(
            new Date(m.date).toLocaleString('en-GB'),
          )}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    void reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Vitae outbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#111}article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:18px;margin:0}.meta{color:#555;font-size:14px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>Vitae outbox</h1><p>Emails this development server would have sent (newest first). Set SMTP_URL to deliver real mail.</p>${
      items || '<p>No emails yet.</p>'
    }</body></html>`;
  });
}
