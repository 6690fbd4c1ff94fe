import * as oidc from 'openid-client';
import type { IdentityProviderConfig } from '../config-identity-providers.ts';

/**
 * The OpenID Connect relying party, by `openid-client` (decision 0024): discovery of each
 * provider on first use (kept; a failure is retried on the next sign-in), the authorization
 * URL with state, nonce and PKCE (S256), and the code exchange, which checks the state, the
 * PKCE verifier, the ID token's signature, issuer, audience, expiry and nonce.
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

export function identityProviderClient(provider: IdentityProviderConfig, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= oidc
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
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
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
