import * as oidc from 'openid-client';
import type { IdentityProviderConfig } from '../config-identity-providers.ts';

/**
 * The OpenID Connect relying party, by `openid-client` (decision 0024): discovery of each
 * provider on first use (kept; a failure is retried on the next sign-in), the authorization
 * URL with state, nonce and PKCE (S256), and the code exchange, which checks the state, the
 * PKCE verifier, the ID token's signature, issuer, audience, expiry and nonce.
 *
 * GitHub speaks OAuth 2 without OpenID Connect: its endpoints are known rather than
 * discovered, there is no ID token (so no nonce), and the person comes from its REST API
 * (`/user`, and `/user/emails` for the primary address and whether it is verified).
 */
export interface ProviderAccount {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface StartedSignIn {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

const isLocal = (issuer: string) => /^http:\/\//.test(issuer);

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub's endpoints, known rather than discovered (github.com or an Enterprise Server). */
function gitHubConfiguration(provider: IdentityProviderConfig): oidc.Configuration {
  const server = provider.issuer.replace(/\/$/, '');
  const config = new oidc.Configuration(
    {
      issuer: server,
      authorization_endpoint: `${server}/login/oauth/authorize`,
      token_endpoint: `${server}/login/oauth/access_token`,
    },
    provider.clientId,
    provider.clientSecret,
  );
  if (isLocal(server)) oidc.allowInsecureRequests(config);
  return config;
}

export function identityProviderClient(provider: IdentityProviderConfig, redirectUri: string) {
  const github = provider.kind === 'github';
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= github
      ? Promise.resolve(gitHubConfiguration(provider))
      : oidc
          .discovery(
            new URL(provider.issuer),
            provider.clientId,
            provider.clientSecret,
            undefined,
            // http:// is allowed only for an issuer on this machine (config-identity-providers.ts).
            isLocal(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
          )
          .catch((err: unknown) => {
            discovered = undefined;
            throw err;
          }));

  return {
    provider,
    redirectUri,
    async start(): Promise<StartedSignIn> {
      const config = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: github ? 'read:user user:email' : 'openid email profile',
        ...(github ? { allow_signup: 'true' } : { response_type: 'code', nonce }),
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, verifier };
    },
    /** The provider's account, from the callback URL as the browser asked for it. */
    async finish(
      callbackUrl: URL,
      checks: { state: string; nonce: string; verifier: string },
    ): Promise<ProviderAccount> {
      const config = await configuration();
      if (github) return gitHubAccount(config, provider.apiUrl!, callbackUrl, checks);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.verifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Some providers put the email in the ID token, others only in the userinfo answer.
      const claims: Record<string, unknown> & { sub: string } =
        typeof idClaims.email === 'string'
          ? idClaims
          : {
              ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)),
              sub: idClaims.sub,
            };
      const email = typeof claims.email === 'string' ? claims.email.trim() : null;
      return {
        subject: claims.sub,
        email: email || null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
      };
    },
  };
}
export type IdentityProviderClient = ReturnType<typeof identityProviderClient>;

async function gitHubAccount(
  config: oidc.Configuration,
  apiUrl: string,
  callbackUrl: URL,
  checks: { state: string; verifier: string },
): Promise<ProviderAccount> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    pkceCodeVerifier: checks.verifier,
    idTokenExpected: false,
  });
  const read = async <T>(path: string): Promise<T> => {
    const res = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${apiUrl}${path}`),
      'GET',
      undefined,
      new Headers({ accept: 'application/vnd.github+json' }),
    );
    if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const user = await read<{ id: number; login: string; name: string | null }>('/user');
  const emails = await read<GitHubEmail[]>('/user/emails');
  const primary = emails.find((e) => e.primary) ?? emails.find((e) => e.verified) ?? emails[0];
  return {
    subject: String(user.id),
    email: primary?.email.trim() || null,
    emailVerified: primary?.verified === true,
    name: user.name?.trim() || user.login || null,
  };
}
