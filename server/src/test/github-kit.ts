import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's OAuth 2 and REST API on 127.0.0.1, as a GitHub Enterprise Server
 * answers them (`/login/oauth/authorize`, `/login/oauth/access_token`, `/api/v3/user`,
 * `/api/v3/user/emails`): the authorization step signs `nextLogin` in at once, codes are single
 * use and checked against the PKCE challenge (S256), and tokens read the account.
 */
export interface GitHubPerson {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface GitHubKit {
  url: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, GitHubPerson>;
  nextLogin: string | null;
  /** Follows the browser from the authorization URL to the redirect back. */
  signIn(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

async function bodyOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startGitHub(opts: { redirectUris: string[] }): Promise<GitHubKit> {
  const codes = new Map<string, { login: string; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kit: GitHubKit = {
    url,
    clientId: 'vitae-github',
    clientSecret: 'vitae-github-secret',
    people: new Map(),
    nextLogin: null,
    async signIn(authorizationUrl) {
      const res = await fetch(authorizationUrl, { redirect: 'manual' });
      const next = res.headers.get('location');
      if (!next) throw new Error(`GitHub stand-in refused: ${res.status} ${await res.text()}`);
      return next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      if (req.method === 'GET' && u.pathname === '/login/oauth/authorize') {
        const q = u.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        if (q.get('client_id') !== kit.clientId || !opts.redirectUris.includes(redirectUri)) {
          return json(res, 400, { error: 'redirect_uri_mismatch' });
        }
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
          return json(res, 400, { error: 'pkce required' });
        }
        const login = kit.nextLogin;
        if (!login) return json(res, 400, { error: 'nobody to sign in' });
        kit.nextLogin = null;
        const code = b64url(randomBytes(16));
        codes.set(code, { login, challenge: q.get('code_challenge')!, redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && u.pathname === '/login/oauth/access_token') {
        const form = await bodyOf(req);
        if (
          form.get('client_id') !== kit.clientId ||
          form.get('client_secret') !== kit.clientSecret
        ) {
          return json(res, 401, { error: 'invalid_client' });
        }
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !code ||
          code.redirectUri !== form.get('redirect_uri') ||
          b64url(createHash('sha256').update(verifier).digest()) !== code.challenge
        ) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        const token = b64url(randomBytes(20));
        tokens.set(token, code.login);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      }
      const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
      const person = login ? kit.people.get(login) : undefined;
      if (req.method === 'GET' && u.pathname.startsWith('/api/v3/user')) {
        if (!person) return json(res, 401, { message: 'Bad credentials' });
        if (u.pathname === '/api/v3/user') {
          return json(res, 200, { id: person.id, login: person.login, name: person.name });
        }
        if (u.pathname === '/api/v3/user/emails') return json(res, 200, person.emails);
      }
      return json(res, 404, { message: 'Not Found' });
    })();
  });
  return kit;
}
