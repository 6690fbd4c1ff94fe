import { z } from 'zod';

/**
 * Sign-in with an identity provider (OpenID Connect; issue 34, decision 0024), configured by
 * the environment:
 *
 * - `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`: Google (issuer https://accounts.google.com);
 * - `GITHUB_CLIENT_ID` and `GITHUB_CLIENT_SECRET`: GitHub, which speaks OAuth 2 without OpenID
 *   Connect (its REST API gives the account and its verified email);
 * - `OIDC_PROVIDERS`: a JSON array of any other OpenID Connect providers, each
 *   `{"id": "acme", "name": "Acme SSO", "issuer": "https://sso.acme.com", "clientId": "…",
 *   "clientSecret": "…", "domains": ["acme.com"]}`. `domains` (optional) are the email domains
 *   whose accounts must sign in with that provider: their password sign-in is refused.
 *   `"kind": "github"` (with `issuer` the server's address and an optional `apiUrl`) adds a
 *   GitHub Enterprise Server.
 *
 * The redirect URI to register with each is `PUBLIC_URL/auth/oidc/<id>/callback`.
 */
export interface IdentityProviderConfig {
  /** In URLs and the database: lowercase letters, digits and dashes. */
  id: string;
  /** `oidc`: OpenID Connect with discovery; `github`: GitHub's OAuth 2 and REST API. */
  kind: 'oidc' | 'github';
  /** GitHub only: its REST API (https://api.github.com, or SERVER/api/v3 for Enterprise). */
  apiUrl?: string;
  /** On the buttons: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Email domains (lowercase) whose accounts must sign in with this provider. */
  domains: string[];
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isAllowedUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
  } catch {
    return false;
  }
};

const providerSchema = z
  .object({
    kind: z.enum(['oidc', 'github'], { error: 'kind must be oidc or github' }).default('oidc'),
    apiUrl: z
      .string()
      .refine(isAllowedUrl, 'apiUrl must be an https:// URL (http:// only on this machine)')
      .optional(),
    id: z
      .string({ error: 'id is required' })
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'id must be 1–32 lowercase letters, digits or dashes'),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(40, 'name must be 40 characters or fewer'),
    issuer: z.string({ error: 'issuer is required' }).refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
      } catch {
        return false;
      }
    }, 'issuer must be an https:// URL (http:// only on this machine)'),
    clientId: z.string({ error: 'clientId is required' }).min(1, 'clientId is required'),
    clientSecret: z
      .string({ error: 'clientSecret is required' })
      .min(1, 'clientSecret is required'),
    domains: z
      .array(
        z
          .string()
          .transform((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .refine((d) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d), 'domains must be like example.com'),
        { error: 'domains must be a list of email domains' },
      )
      .default([]),
  })
  .strict();

/** Reads the providers; a bad value throws one line naming the variable and what to fix. */
export function identityProvidersFrom(
  env: NodeJS.ProcessEnv,
  fail: (message: string) => never,
): IdentityProviderConfig[] {
  const out: IdentityProviderConfig[] = [];
  const googleId = env.GOOGLE_CLIENT_ID?.trim();
  const googleSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    fail(
      `${googleId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'} missing (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together)`,
    );
  }
  if (googleId && googleSecret) {
    out.push({
      id: 'google',
      kind: 'oidc',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: googleId,
      clientSecret: googleSecret,
      domains: [],
    });
  }
  const githubId = env.GITHUB_CLIENT_ID?.trim();
  const githubSecret = env.GITHUB_CLIENT_SECRET?.trim();
  if (Boolean(githubId) !== Boolean(githubSecret)) {
    fail(
      `${githubId ? 'GITHUB_CLIENT_SECRET' : 'GITHUB_CLIENT_ID'} missing (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together)`,
    );
  }
  if (githubId && githubSecret) {
    out.push({
      id: 'github',
      kind: 'github',
      name: 'GitHub',
      issuer: 'https://github.com',
      apiUrl: 'https://api.github.com',
      clientId: githubId,
      clientSecret: githubSecret,
      domains: [],
    });
  }
  const raw = env.OIDC_PROVIDERS?.trim();
  if (raw) {
    let list: unknown;
    try {
      list = JSON.parse(raw);
    } catch {
      fail('OIDC_PROVIDERS must be a JSON array of providers ([{"id": …, "issuer": …}])');
    }
    if (!Array.isArray(list)) fail('OIDC_PROVIDERS must be a JSON array of providers');
    (list as unknown[]).forEach((item, i) => {
      const parsed = providerSchema.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path[0];
        const known = typeof field === 'string' && field in providerSchema.shape;
        fail(
          `OIDC_PROVIDERS[${i}] ${issue.code === 'unrecognized_keys' ? `has unknown fields (${issue.keys.join(', ')})` : known ? issue.message : `${String(field ?? '')} ${issue.message}`.trim()}`,
        );
      }
      const p = parsed.data;
      if (p.kind === 'oidc' && p.apiUrl)
        fail(`OIDC_PROVIDERS[${i}] apiUrl is for kind github only`);
      const apiUrl =
        p.kind === 'github'
          ? (p.apiUrl ?? `${p.issuer.replace(/\/$/, '')}/api/v3`).replace(/\/$/, '')
          : undefined;
      out.push({ ...p, ...(apiUrl ? { apiUrl } : {}) });
    });
  }
  const seen = new Set<string>();
  const domainOwner = new Map<string, string>();
  for (const p of out) {
    if (seen.has(p.id)) fail(`OIDC_PROVIDERS names the provider id "${p.id}" twice`);
    seen.add(p.id);
    for (const d of p.domains) {
      const other = domainOwner.get(d);
      if (other) fail(`OIDC_PROVIDERS gives the domain ${d} to both "${other}" and "${p.id}"`);
      domainOwner.set(d, p.id);
    }
  }
  return out;
}

/** The provider an email's domain must sign in with, if the configuration names one. */
export function requiredProviderFor(
  providers: readonly IdentityProviderConfig[],
  email: string,
): IdentityProviderConfig | undefined {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return providers.find((p) => p.domains.includes(domain));
}
