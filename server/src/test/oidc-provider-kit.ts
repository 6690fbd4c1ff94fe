import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 for the sign-in tests: one
 * client, accounts the test makes, and a login page of its own. `nextLogin` signs the next
 * sign-in in as that account at once (API tests); unset, the login page asks for an email and
 * a name (Playwright), and that person gets a verified address.
 */
export interface ProviderPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcProviderKit {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider knows, by subject. */
  people: Map<string, ProviderPerson>;
  /** The subject the next sign-in is for, without the login page. */
  nextLogin: string | null;
  /** Follows a browser from the authorization URL to the redirect back (a URL of `until`). */
  signIn(authorizationUrl: string, until: string): Promise<string>;
  close(): Promise<void>;
}

const CLIENT_ID = 'vitae';
const CLIENT_SECRET = 'vitae-test-client-secret';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function formOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  port?: number;
}): Promise<OidcProviderKit> {
  const people = new Map<string, ProviderPerson>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: ['oidc-provider-kit-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
  });
  // Plain http on 127.0.0.1: the provider's cookies go without Secure.
  provider.proxy = false;

  const kit: OidcProviderKit = {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    people,
    nextLogin: null,
    async signIn(authorizationUrl, until) {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hops = 0; hops < 20; hops++) {
        if (url.startsWith(until)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          jar.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
        const next = res.headers.get('location');
        if (!next) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
        url = new URL(next, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** Signs the interaction in as `sub` and grants what the client asked for. */
  async function finish(req: http.IncomingMessage, res: http.ServerResponse, sub: string) {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: sub, clientId: CLIENT_ID });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const m = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
    if (!m) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'POST' && m[2]) {
          const form = await formOf(req);
          const email = (form.get('email') ?? '').trim();
          if (!email) throw new Error('an email is needed');
          const sub = `sub-${email.toLowerCase()}`;
          people.set(sub, {
            email,
            email_verified: true,
            name: (form.get('name') ?? '').trim() || email,
          });
          return await finish(req, res, sub);
        }
        const known = details.session?.accountId ?? kit.nextLogin;
        if (known) {
          kit.nextLogin = null;
          return await finish(req, res, known);
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><head><title>Local SSO sign-in</title></head><body>` +
            `<h1>Local SSO</h1><form method="post" action="/interaction/${escapeHtml(m[1]!)}/login">` +
            `<label>Email <input name="email" type="email" required></label>` +
            `<label>Name <input name="name"></label>` +
            `<button type="submit">Sign in to Local SSO</button></form></body></html>`,
        );
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String((err as Error).message));
      }
    })();
  });
  return kit;
}
