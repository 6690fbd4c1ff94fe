import { z } from 'zod';
import path from 'node:path';
import { identityProvidersFrom, type IdentityProviderConfig } from './config-identity-providers.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(t: T) => z.preprocess(blankToUndefined, t.optional());

const PORT_MESSAGE = 'must be a whole number from 0 to 65535';
const MINUTES_MESSAGE = 'must be a whole number of minutes, 1 or more';
const SHUTDOWN_MESSAGE = 'must be a whole number of milliseconds, 1 or more';

/** What one process does: serve HTTP, run the background work, or both (the default). */
export const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

/** What a production server may be started without, when PRODUCTION_ALLOW names it. */
export const PRODUCTION_ALLOWANCES = ['http', 'outbox-mail', 'generated-secret'] as const;
export type ProductionAllowance = (typeof PRODUCTION_ALLOWANCES)[number];
const ALLOW_MESSAGE = `must list some of ${PRODUCTION_ALLOWANCES.join(', ')} (comma-separated)`;

const envSchema = z.object({
  NODE_ENV: opt(z.enum(['development', 'production', 'test'])),
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PORT_MESSAGE })
      .int(PORT_MESSAGE)
      .min(0, PORT_MESSAGE)
      .max(65535, PORT_MESSAGE)
      .default(5000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: opt(z.url({ protocol: /^https?$/ })),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: opt(
    z.string().refine((v) => /^postgres(ql)?:\/\//.test(v) || /^(sqlite:|file:)?[^:]+$/.test(v), {
      message: 'must be postgres://… or a SQLite file path',
    }),
  ),
  REDIS_URL: opt(z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')),
  SMTP_URL: opt(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: z.preprocess(blankToUndefined, z.string().default('Vitae <no-reply@vitae.local>')),
  S3_ENDPOINT: opt(z.url()),
  S3_BUCKET: opt(z.string()),
  S3_ACCESS_KEY: opt(z.string()),
  S3_SECRET_KEY: opt(z.string()),
  S3_REGION: z.preprocess(blankToUndefined, z.string().default('us-east-1')),
  SESSION_SECRET: opt(z.string().min(32, 'must be at least 32 characters')),
  TRUST_PROXY: opt(z.string()),
  SESSION_PLACE_HEADERS: opt(
    z
      .string()
      .regex(
        /^[A-Za-z0-9-]+(,[A-Za-z0-9-]+){0,2}$/,
        'must be one to three header names, comma-separated (e.g. cf-ipcity,cf-ipcountry)',
      ),
  ),
  RATE_LIMIT_MULTIPLIER: z.preprocess(
    blankToUndefined,
    z.coerce.number().min(1).max(1000).default(1),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  OUTBOX_PAGE: opt(z.enum(['on', 'off'], { error: 'must be on or off' })),
  CHROME_PATH: opt(z.string()),
  PDF_WARM: opt(z.enum(['on', 'off'], { error: 'must be on or off' })),
  PRODUCTION_ALLOW: opt(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .refine(
        (list): list is ProductionAllowance[] =>
          list.every((a) => (PRODUCTION_ALLOWANCES as readonly string[]).includes(a)),
        ALLOW_MESSAGE,
      ),
  ),
  API_DOCS: opt(z.enum(['on', 'off'], { error: 'must be on or off' })),
  ROLE: z.preprocess(
    blankToUndefined,
    z.enum(ROLES, { error: 'must be web, worker or all' }).default('all'),
  ),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: SHUTDOWN_MESSAGE })
      .int(SHUTDOWN_MESSAGE)
      .min(1, SHUTDOWN_MESSAGE)
      .default(10_000),
  ),
  PDF_IDLE_MINUTES: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MINUTES_MESSAGE })
      .int(MINUTES_MESSAGE)
      .min(1, MINUTES_MESSAGE)
      .default(15),
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string };
  sessionSecret?: string;
  trustProxy: boolean | number | string;
  logLevel: string;
  /** Scales every rate limit up (a test server whose users all share 127.0.0.1). */
  rateLimitMultiplier: number;
  /** OUTBOX_PAGE: force /dev/outbox open to anyone or off; unset, it follows HOST (dev/outbox-access.ts). */
  outboxPage?: 'on' | 'off';
  /** CHROME_PATH: the Chromium the PDF renderer drives (default /usr/bin/chromium). */
  chromePath?: string;
  /**
   * PDF_WARM: start Chromium in the background when a CV a PDF can be made of is first read
   * (default, but not in tests) rather than with the first PDF.
   */
  pdfWarm?: boolean;
  /** PDF_IDLE_MINUTES: close Chromium after this long without a PDF (default 15). */
  pdfIdleMinutes: number;
  /** PRODUCTION_ALLOW: the production start checks (productionRefusal) waived. */
  productionAllow: ProductionAllowance[];
  /** API_DOCS: serve the OpenAPI page at /api/docs (default on, off in production). */
  apiDocs: boolean;
  /**
   * ROLE: `web` serves HTTP and leaves the periodic sweeps to a worker; `worker` serves no HTTP
   * and runs them; `all` (default) does both, as one process on the embedded defaults does.
   */
  role: Role;
  /** SHUTDOWN_TIMEOUT_MS: how long a SIGTERM waits for requests in flight (default 10000). */
  shutdownTimeoutMs: number;
  /**
   * GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET and OIDC_PROVIDERS: the identity providers people
   * may sign in with (config-identity-providers.ts), in the order of their buttons.
   */
  identityProviders: IdentityProviderConfig[];
  /**
   * SESSION_PLACE_HEADERS: headers the proxy in front sets to the place a request's address is
   * in (a CDN's city and country), shown in Settings → Your sessions. Needs TRUST_PROXY.
   */
  sessionPlaceHeaders: string[];
}

/** Whether this process runs the periodic background sweeps (a worker, or the default `all`). */
export const runsBackgroundWork = (config: Pick<Config, 'role'>): boolean => config.role !== 'web';

/** Whether this process serves HTTP (`web`, or the default `all`). */
export const servesHttp = (config: Pick<Config, 'role'>): boolean => config.role !== 'worker';

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const s3Vars = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY: e.S3_ACCESS_KEY,
    S3_SECRET_KEY: e.S3_SECRET_KEY,
  };
  const s3Missing = Object.keys(s3Vars).filter((k) => !s3Vars[k as keyof typeof s3Vars]);
  if (s3Missing.length > 0 && s3Missing.length < 4) {
    throw new ConfigError(
      `Invalid configuration: ${s3Missing.join(', ')} missing (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together)`,
    );
  }
  const identityProviders = identityProvidersFrom(env, (message) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  });
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.SESSION_PLACE_HEADERS && trustProxy === false) {
    throw new ConfigError(
      'Invalid configuration: SESSION_PLACE_HEADERS needs TRUST_PROXY (only the proxy in front may name the place)',
    );
  }
  const dbUrl = e.DATABASE_URL;
  return {
    env: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database:
      dbUrl && /^postgres(ql)?:\/\//.test(dbUrl)
        ? { kind: 'postgres', url: dbUrl }
        : {
            kind: 'sqlite',
            file: dbUrl
              ? path.resolve(dataDir, dbUrl.replace(/^(sqlite:|file:)/, ''))
              : path.join(dataDir, 'vitae.sqlite'),
          },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKey: e.S3_ACCESS_KEY!,
          secretKey: e.S3_SECRET_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    sessionSecret: e.SESSION_SECRET,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    outboxPage: e.OUTBOX_PAGE,
    chromePath: e.CHROME_PATH,
    pdfWarm: e.PDF_WARM ? e.PDF_WARM === 'on' : e.NODE_ENV !== 'test',
    pdfIdleMinutes: e.PDF_IDLE_MINUTES,
    productionAllow: e.PRODUCTION_ALLOW ?? [],
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    role: e.ROLE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    identityProviders,
    sessionPlaceHeaders: e.SESSION_PLACE_HEADERS?.toLowerCase().split(',') ?? [],
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a production server must not start with this configuration, in one line saying what to
 * set, or null. Each check is waived by naming it in PRODUCTION_ALLOW: an `http` PUBLIC_URL
 * (cookies then go without `Secure`; one on this machine, as `npm start` serves, is fine),
 * no SMTP_URL (mail would pile up in DATA_DIR/outbox, read by nobody) and no SESSION_SECRET
 * (a generated one differs between instances, and is lost with DATA_DIR).
 */
export function productionRefusal(config: Config): string | null {
  if (config.env !== 'production') return null;
  const allowed = (a: ProductionAllowance) => config.productionAllow.includes(a);
  const url = new URL(config.publicUrl);
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname) && !allowed('http')) {
    return 'Refusing to start in production: PUBLIC_URL is http://, so cookies would lack Secure. Set PUBLIC_URL=https://…, or PRODUCTION_ALLOW=http.';
  }
  if (!config.smtpUrl && !allowed('outbox-mail')) {
    return 'Refusing to start in production: SMTP_URL is not set, so mail would only go to DATA_DIR/outbox. Set SMTP_URL=smtp://…, or PRODUCTION_ALLOW=outbox-mail.';
  }
  if (!config.sessionSecret && !allowed('generated-secret')) {
    return 'Refusing to start in production: SESSION_SECRET is not set, so each instance would generate its own. Set SESSION_SECRET (32+ characters), or PRODUCTION_ALLOW=generated-secret.';
  }
  return null;
}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
