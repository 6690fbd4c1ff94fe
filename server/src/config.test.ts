import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionRefusal } from './config.ts';

const failure = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected loadConfig to throw');
};

describe('loadConfig', () => {
  it('works with nothing set, using the design defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 5000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/vitae.sqlite') },
      mailFrom: 'Vitae <no-reply@vitae.local>',
      trustProxy: false,
      logLevel: 'info',
      rateLimitMultiplier: 1,
      pdfIdleMinutes: 15,
    });
    expect(c.redisUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.s3).toBeUndefined();
    expect(c.sessionSecret).toBeUndefined();
  });

  it('treats blank values as unset and follows PORT in the default PUBLIC_URL', () => {
    const c = loadConfig({ PORT: '8080', HOST: ' ', REDIS_URL: '', PUBLIC_URL: '' });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.redisUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://cv.example.com/' }).publicUrl).toBe(
      'https://cv.example.com',
    );
  });

  it('detects PostgreSQL from DATABASE_URL, otherwise a SQLite file in DATA_DIR', () => {
    for (const url of ['postgres://u:p@db:5432/vitae', 'postgresql://db/vitae']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    }
    expect(loadConfig({ DATA_DIR: '/tmp/vd', DATABASE_URL: 'sqlite:app.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/vd/app.db',
    });
    expect(loadConfig({ DATA_DIR: '/tmp/vd' }).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/vd/vitae.sqlite',
    });
  });

  it('reads the optional services', () => {
    const c = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://mail:25',
      S3_ENDPOINT: 'http://s3.local:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://mail:25',
      s3: { endpoint: 'http://s3.local:9000', bucket: 'media', region: 'us-east-1' },
      trustProxy: 1,
      env: 'production',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('reads the place headers of the proxy in front, and only with TRUST_PROXY', () => {
    const env = { SESSION_PLACE_HEADERS: 'CF-IPCity,cf-ipcountry', TRUST_PROXY: '1' };
    expect(loadConfig(env).sessionPlaceHeaders).toEqual(['cf-ipcity', 'cf-ipcountry']);
    expect(loadConfig({}).sessionPlaceHeaders).toEqual([]);
    expect(failure({ SESSION_PLACE_HEADERS: 'cf-ipcity' })).toBe(
      'Invalid configuration: SESSION_PLACE_HEADERS needs TRUST_PROXY (only the proxy in front may name the place)',
    );
    expect(failure({ SESSION_PLACE_HEADERS: 'a b', TRUST_PROXY: '1' })).toMatch(
      /^Invalid configuration: SESSION_PLACE_HEADERS must be one to three header names/,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/vitae' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('a bad value %j stops with one line naming %s', (env, variable) => {
    const message = failure(env);
    if (variable === 'PORT') {
      expect(message).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535');
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable}\\b`));
    expect(message).not.toContain('\n');
  });

  it('refuses a production start over http, without SMTP or with a generated secret', () => {
    const ready = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cv.example.com',
      SMTP_URL: 'smtp://mail:25',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(productionRefusal(loadConfig(ready))).toBeNull();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ PUBLIC_URL: 'http://cv.example.com' }, 'PUBLIC_URL=https://', 'http'],
      [{ SMTP_URL: '' }, 'SMTP_URL=smtp://', 'outbox-mail'],
      [{ SESSION_SECRET: '' }, 'SESSION_SECRET', 'generated-secret'],
    ];
    for (const [change, fix, allowance] of cases) {
      const refusal = productionRefusal(loadConfig({ ...ready, ...change }));
      expect(refusal).toContain(fix);
      expect(refusal).toContain(`PRODUCTION_ALLOW=${allowance}`);
      expect(refusal).not.toContain('\n');
      const allowed = { ...ready, ...change, PRODUCTION_ALLOW: `${allowance}, http` };
      expect(productionRefusal(loadConfig(allowed))).toBeNull();
      // Only production refuses.
      expect(productionRefusal(loadConfig({ ...ready, ...change, NODE_ENV: '' }))).toBeNull();
    }
    // A server on this machine (npm start's default address) may use http.
    for (const url of ['http://localhost:5000', 'http://127.0.0.1:8080', '']) {
      expect(productionRefusal(loadConfig({ ...ready, PUBLIC_URL: url }))).toBeNull();
    }
    expect(failure({ PRODUCTION_ALLOW: 'http,everything' })).toBe(
      'Invalid configuration: PRODUCTION_ALLOW must list some of http, outbox-mail, generated-secret (comma-separated)',
    );
  });

  it('serves the API docs by default, not in production unless API_DOCS=on', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(failure({ API_DOCS: 'yes' })).toBe('Invalid configuration: API_DOCS must be on or off');
  });

  it('reads OUTBOX_PAGE as on or off, unset by default', () => {
    expect(loadConfig({}).outboxPage).toBeUndefined();
    expect(loadConfig({ OUTBOX_PAGE: 'on' }).outboxPage).toBe('on');
    expect(loadConfig({ OUTBOX_PAGE: 'off' }).outboxPage).toBe('off');
    expect(loadConfig({ OUTBOX_PAGE: ' ' }).outboxPage).toBeUndefined();
    expect(failure({ OUTBOX_PAGE: 'yes' })).toBe(
      'Invalid configuration: OUTBOX_PAGE must be on or off',
    );
  });

  it('reads PDF_IDLE_MINUTES as a whole number of minutes, 1 or more', () => {
    expect(loadConfig({ PDF_IDLE_MINUTES: '5' }).pdfIdleMinutes).toBe(5);
    expect(loadConfig({ PDF_IDLE_MINUTES: ' ' }).pdfIdleMinutes).toBe(15);
    for (const bad of ['0', '-3', '1.5', 'soon']) {
      expect(failure({ PDF_IDLE_MINUTES: bad })).toBe(
        'Invalid configuration: PDF_IDLE_MINUTES must be a whole number of minutes, 1 or more',
      );
    }
  });

  it('reads ROLE as web, worker or all (the default), refusing anything else', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: ' ' }).role).toBe('all');
    expect(loadConfig({ ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
    for (const bad of ['both', 'WEB', 'workers']) {
      expect(failure({ ROLE: bad })).toBe('Invalid configuration: ROLE must be web, worker or all');
    }
  });

  it('reads SHUTDOWN_TIMEOUT_MS as whole milliseconds, 10000 by default', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    for (const bad of ['0', '-1', '1.5', 'later']) {
      expect(failure({ SHUTDOWN_TIMEOUT_MS: bad })).toBe(
        'Invalid configuration: SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, 1 or more',
      );
    }
  });

  it('refuses partial S3 settings, naming the variables', () => {
    const message = failure({ S3_ENDPOINT: 'http://s3.local:9000', S3_BUCKET: 'media' });
    expect(message).toMatch(/^Invalid configuration: S3_ACCESS_KEY, S3_SECRET_KEY missing/);
    expect(message).not.toContain('\n');
  });

  it('reads identity providers: Google by its client id and secret, others from OIDC_PROVIDERS', () => {
    expect(loadConfig({}).identityProviders).toEqual([]);
    const acme = {
      id: 'acme',
      name: 'Acme SSO',
      issuer: 'https://sso.acme.example',
      clientId: 'vitae',
      clientSecret: 's3cret',
      domains: ['Acme.example', '@acme.co.uk'],
    };
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      OIDC_PROVIDERS: JSON.stringify([acme]),
    });
    expect(c.identityProviders).toEqual([
      {
        id: 'google',
        kind: 'oidc',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'gid',
        clientSecret: 'gsecret',
        domains: [],
      },
      { ...acme, kind: 'oidc', domains: ['acme.example', 'acme.co.uk'] },
    ]);
    const gh = loadConfig({
      GITHUB_CLIENT_ID: 'ghid',
      GITHUB_CLIENT_SECRET: 'ghsecret',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'ghe',
          kind: 'github',
          name: 'Acme GitHub',
          issuer: 'https://git.acme.example/',
          clientId: 'a',
          clientSecret: 'b',
        },
      ]),
    });
    expect(gh.identityProviders).toMatchObject([
      {
        id: 'github',
        kind: 'github',
        issuer: 'https://github.com',
        apiUrl: 'https://api.github.com',
      },
      { id: 'ghe', kind: 'github', apiUrl: 'https://git.acme.example/api/v3' },
    ]);
  });

  it('refuses a bad identity provider configuration with one line saying what to fix', () => {
    const one = (p: Record<string, unknown>) =>
      failure({
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'acme',
            name: 'Acme',
            issuer: 'https://sso.acme.example',
            clientId: 'a',
            clientSecret: 'b',
            ...p,
          },
        ]),
      });
    expect(failure({ GOOGLE_CLIENT_ID: 'gid' })).toBe(
      'Invalid configuration: GOOGLE_CLIENT_SECRET missing (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together)',
    );
    expect(failure({ OIDC_PROVIDERS: '{not json' })).toMatch(
      /^Invalid configuration: OIDC_PROVIDERS must be a JSON array/,
    );
    expect(failure({ OIDC_PROVIDERS: '{}' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS must be a JSON array of providers',
    );
    expect(one({ issuer: 'http://sso.acme.example' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] issuer must be an https:// URL (http:// only on this machine)',
    );
    expect(one({ id: 'Acme Corp' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] id must be 1–32 lowercase letters, digits or dashes',
    );
    expect(one({ clientSecret: undefined })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] clientSecret is required',
    );
    expect(one({ domains: ['not a domain'] })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] domains must be like example.com',
    );
    expect(failure({ GITHUB_CLIENT_SECRET: 'x' })).toBe(
      'Invalid configuration: GITHUB_CLIENT_ID missing (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together)',
    );
    expect(one({ kind: 'saml' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] kind must be oidc or github',
    );
    expect(one({ apiUrl: 'https://api.acme.example' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] apiUrl is for kind github only',
    );
    expect(one({ secret: 'x' })).toBe(
      'Invalid configuration: OIDC_PROVIDERS[0] has unknown fields (secret)',
    );
    expect(
      failure({
        GOOGLE_CLIENT_ID: 'gid',
        GOOGLE_CLIENT_SECRET: 'gs',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'google',
            name: 'G',
            issuer: 'https://accounts.google.com',
            clientId: 'a',
            clientSecret: 'b',
          },
        ]),
      }),
    ).toBe('Invalid configuration: OIDC_PROVIDERS names the provider id "google" twice');
  });
});
