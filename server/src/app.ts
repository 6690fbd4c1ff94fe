import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSessionAuth } from './plugins/session.ts';
import { buildDeps, type AppDeps, type DepsInput } from './deps.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { redactUrl, registerRequestLog } from './plugins/request-log.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { guardedDb, registerReadOnlyGets } from './plugins/read-only-gets.ts';
import { responseSerializerCompiler, withBinaryResponses } from './plugins/responses.ts';
import { authRoutes } from './auth/index.ts';
import { affiliateRoutes } from './affiliate/index.ts';
import { devicesRoutes } from './devices/index.ts';
import { sectionsRoutes } from './sections/index.ts';
import { cvRoutes, versionsRoutes } from './cv/index.ts';
import { customSectionsRoutes } from './custom-sections/index.ts';
import { cvIoRoutes } from './cv-io/index.ts';
import { cvExportRoutes } from './cv-export/index.ts';
import { accountRoutes } from './account/index.ts';
import { emailPreferencesRoutes } from './email-preferences/index.ts';
import { clientErrorsRoutes } from './client-errors/index.ts';
import { outboxRoutes } from './dev/index.ts';
import { mediaRoutes, type MediaAccess } from './media/index.ts';
import { photosRoutes } from './photos/index.ts';
import { certificatesRoutes } from './certificates/index.ts';
import { firstImpressionRoutes } from './first-impression/index.ts';
import { registerRealtime } from './realtime/index.ts';
import { notificationsRoutes } from './notifications/index.ts';
import { sharingRoutes, sharingRepo } from './sharing/index.ts';
import { publicCvRoutes } from './public-cv/index.ts';
import { publicLinkRepo, publicLinkRobots, publicLinkRoutes } from './public-link/index.ts';
import { hrRoutes, hrBrowseRoutes, hrRepo } from './hr/index.ts';
import { pdfRendererFor, pdfRoutes, type PdfRenderer } from './pdf/index.ts';
import { screeningCheckRoutes } from './screening-check/index.ts';
import { createLifecycle, healthRoutes, type Lifecycle } from './ops/index.ts';
import { mailJobs, type MailJobOptions } from './jobs/index.ts';
import { inProcessJobs, type Jobs } from './plugins/jobs.ts';
import { runsBackgroundWork } from './config.ts';

/**
 * Brotli for answers compressed per request (JSON; the web app's files go out precompressed
 * at build time). @fastify/compress's default (quality 4, a 4 MiB window set up for every
 * answer) took about 600 µs of CPU for the 7 KB full CV; quality 2 with a 256 KiB window
 * about half, for 6 % more bytes (docs/decisions/0008-performance-measurements.md#0012).
 */
const DYNAMIC_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/**
 * TRUST_PROXY as Fastify takes it. Since 5.12 Fastify reads a hop count as "trust no proxy"
 * (a count cannot vouch for the nearest peer), so behind TRUST_PROXY=1 every visitor would
 * look like the proxy and share its per-address limits: ten sign-ups an hour for everyone.
 * The README documents a hop count, so the count is kept: the nearest `n` addresses (the
 * socket's, then the forwarded ones from the right) are proxies.
 */
export function trustProxyOption(
  trust: boolean | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Who may still fetch a scoped media URL: sharing, HR and public links answer, media asks. */
function mediaAccess(deps: AppDeps): MediaAccess {
  const shares = sharingRepo(deps.db);
  const saved = hrRepo(deps.db);
  const links = publicLinkRepo(deps.db);
  return {
    shareOpen: (shareId, generation) => shares.isOpen(shareId, generation),
    savedReadable: (hrUserId, savedId) => saved.mayRead(hrUserId, savedId),
    linkOpen: (linkId) => links.isOpen(linkId),
  };
}

export type AppInput = DepsInput & {
  webDist?: string;
  /** A shared PDF renderer (tests, the benchmark); null turns PDFs off. */
  pdfRenderer?: PdfRenderer | null;
  logger?: boolean;
  logStream?: { write(msg: string): void };
  /** Draining or serving, for /readyz: main.ts drains it on SIGTERM. */
  lifecycle?: Lifecycle;
  /**
   * Where jobs (outgoing mail) go: BullMQ with REDIS_URL (main.ts), else in process. The app
   * runs them when its role does background work, and closes them with itself.
   */
  jobs?: Jobs;
  /** Mail job tuning (tests shorten the backoff). */
  mailJobOptions?: MailJobOptions;
};

/** The composition root: wires plugins and features in order. Never listens. */
export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const { config } = input;
  const jobs = input.jobs ?? inProcessJobs();
  // `input.mailer` delivers; what features get hands mail to the jobs (retried with Redis).
  const mailer = mailJobs(jobs, input.mailer, input.mailJobOptions);
  const deps = buildDeps({ ...input, jobs, mailer, db: guardedDb(input.db, config.env) });

  const app = Fastify({
    logger:
      input.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: input.logStream,
            serializers: {
              // Secrets travel in some URLs (reset tokens); the log keeps only their shape.
              req: (req) => ({
                method: req.method,
                url: redactUrl(req.url),
                remoteAddress: req.ip,
              }),
              // Only the status: no header (set-cookie) can reach a log line. With both
              // serializers naming their fields, pino's `redact` had nothing left to remove and
              // only copied objects on every line (decision 0008 §0012).
              res: (reply) => ({ statusCode: reply.statusCode }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A backstop for bodies that trickle forever (408): long enough for the 100 MB video
    // on a slow uplink; upload routes also drop a body idle for 30 s (UploadLimits).
    requestTimeout: 30 * 60_000,
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request, written when it is answered (registerRequestLog), not two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (input.logger !== false) registerRequestLog(app);
  registerReadOnlyGets(app, config.env);
  app.setValidatorCompiler(validatorCompiler);
  // Fast serialisation everywhere; outside production each answer is also checked against
  // its schema, so a mismatch fails a test instead of hiding (decision 0007).
  app.setSerializerCompiler(responseSerializerCompiler(config.env !== 'production'));

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // Answers of 1 KB and more, by content type (JSON, HTML…; never video or images) and
  // never a 206 range. Before the static plugin, which sends its precompressed files as
  // they are. Request bodies are read as sent (no decompression of uploads).
  await app.register(fastifyCompress, {
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: DYNAMIC_BROTLI,
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Vitae API', version: '1.0.0' } },
    transform: withBinaryResponses(jsonSchemaTransform),
  });
  // The API's map is for developers: in production only with API_DOCS=on.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerInputGuard(app);
  registerOriginCheck(app, config.publicUrl);
  registerSessionAuth(app, deps.sessions);

  await app.register(healthRoutes, { ...deps, lifecycle: input.lifecycle ?? createLifecycle() });
  await app.register(authRoutes, deps);
  await app.register(affiliateRoutes, deps);
  await app.register(devicesRoutes, deps);
  await app.register(sectionsRoutes, deps);
  await app.register(cvRoutes, deps);
  await app.register(versionsRoutes, deps);
  await app.register(customSectionsRoutes, deps);
  await app.register(cvIoRoutes, deps);
  await app.register(cvExportRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(emailPreferencesRoutes, deps);
  await app.register(clientErrorsRoutes, deps);
  await app.register(mediaRoutes, { ...deps, access: mediaAccess(deps) });
  await app.register(photosRoutes, deps);
  await app.register(certificatesRoutes, deps);
  await app.register(firstImpressionRoutes, deps);
  await app.register(notificationsRoutes, deps);
  await app.register(sharingRoutes, deps);
  await app.register(publicCvRoutes, deps);
  await app.register(publicLinkRoutes, deps);
  await app.register(hrBrowseRoutes, deps);
  await app.register(hrRoutes, deps);
  const webDist = input.webDist ?? DEFAULT_WEB_DIST;
  // One renderer (one Chromium) for the PDFs and the screening check.
  const pdfRenderer = pdfRendererFor(app, { ...deps, webDist, pdfRenderer: input.pdfRenderer });
  await app.register(pdfRoutes, { ...deps, webDist, pdfRenderer });
  await app.register(screeningCheckRoutes, { ...deps, pdfRenderer });
  registerRealtime(app, deps);
  await app.register(outboxRoutes, deps);

  await registerWebApp(app, webDist, { robots: publicLinkRobots(deps) });

  // A worker (or the default `all`) runs the queued jobs; ROLE=web only enqueues them. On
  // close (SIGTERM) the workers finish their running jobs before the connections go.
  if (runsBackgroundWork(config)) app.addHook('onReady', () => jobs.consume());
  app.addHook('onClose', () => jobs.close());

  return app;
}
