import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { AUTH_MESSAGES, SESSION_TTL_DAYS, stripUnsupported } from '@vitae/core';
import type { Db, UserRow } from '../db/database.ts';
import type { AnswerCache } from './answer-cache.ts';
import { isoIn, nowIso } from '../db/ids.ts';
import { keepNewestRows, lockRow, type PerUserRows } from '../db/integrity.ts';
import type { DomainEvents } from './domain-events.ts';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'vitae_sid';
const TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Extend a session at most once a day, so reads do not write on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * A session's last activity is written at most this often (Settings → Your sessions shows it),
 * so a signed-in user's reads do not write on every request.
 */
export const SESSION_ACTIVE_EVERY_MS = 10 * 60 * 1000;
/** The longest User-Agent a session keeps. */
export const SESSION_USER_AGENT_MAX = 512;
/** What the session lookup reads. */
const SESSION_TABLES = ['sessions', 'users'];

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

/** The user behind a cookie; `extended`: the expiry slid, so the cookie should be sent again. */
export type Resolved = { user: UserRow | null; extended: boolean };

export interface SessionStore {
  /**
   * Starts a session, unless the user is gone or their password is no longer
   * `checkedHash` (a reset landed while the sign-in checked the old one): false then.
   */
  create(
    reply: FastifyReply,
    userId: string,
    checkedHash: string,
    device?: { userAgent?: string | undefined; place?: string | null },
  ): Promise<boolean>;
  destroy(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Ends every session of the user. `change` (a password reset) runs in the same
   * transaction, under the user's row lock that `create` takes too: no sign-in that checked
   * the old password can add a session after it.
   */
  destroyAllFor<T>(userId: string, change?: (trx: Db) => Promise<T>): Promise<T | undefined>;
  /**
   * Ends the user's sessions but `keepKey` (the one in use), after `change` in the same
   * transaction under the user's row lock (as destroyAllFor); each ended session's sockets
   * close, the kept one's stay. Answers what `change` answered and how many ended.
   */
  destroyOthersFor<T>(
    userId: string,
    keepKey: string,
    change?: (trx: Db) => Promise<T>,
  ): Promise<{ result: T | undefined; ended: number }>;
  /** Ends the user's session with this public id (never another user's); false if none. */
  destroyByPublicId(userId: string, publicId: string): Promise<boolean>;
  /** The user behind a raw cookie value (used by the socket handshake too). */
  userFor(rawToken: string | undefined): Promise<UserRow | null>;
  /** The session's stored key (HMAC of the cookie value): what `session.ended` names. */
  keyFor(rawToken: string): string;
  /**
   * The user behind a cookie without waiting, when a kept lookup settles it (no expiry, no
   * slide due); undefined when the database must be read or written (resolveFromDb).
   */
  resolveKept(rawToken: string | undefined): Resolved | undefined;
  /**
   * For a token resolveKept left undefined: reads the session, ends it if it expired, slides
   * it if due; `extended` says the expiry slid, so the cookie should be sent again.
   */
  resolveFromDb(rawToken: string): Promise<Resolved>;
  /** Sends the session cookie (again) with a fresh max-age. */
  setCookie(reply: FastifyReply, rawToken: string): void;
}

/** Longer than any token we issue (43 characters): never looked up, never remembered. */
const MAX_TOKEN_LENGTH = 100;
/** Raw cookie values are remembered this long at most (the answer cache's TTL). */
const KEY_MEMO_MS = 10_000;
/** Tokens remembered per generation; beyond it a generation ends early. */
const KEY_MEMO_MAX = 2000;

/**
 * The session key (HMAC) of a cookie value. Building an HMAC was ~6 % of an authenticated
 * GET's CPU under load, so a key is remembered, by its raw value, in one of two generations
 * that age out every KEY_MEMO_MS / 2 on an unref'd timer: a raw token stays in memory at
 * most KEY_MEMO_MS after it was hashed, in use or not, and none once the server is idle.
 */
export function sessionKeys(secret: string): (token: string) => string {
  const key = createSecretKey(Buffer.from(secret));
  const hmac = (token: string) => createHmac('sha256', key).update(token).digest('hex');
  let current = new Map<string, string>();
  let previous = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  const age = () => {
    clearTimeout(timer);
    previous = current;
    current = new Map();
    timer = previous.size ? setTimeout(age, KEY_MEMO_MS / 2).unref() : undefined;
  };
  return (token) => {
    if (token.length > MAX_TOKEN_LENGTH) return hmac(token);
    const known = current.get(token) ?? previous.get(token);
    if (known) return known;
    const hashed = hmac(token);
    if (current.size >= KEY_MEMO_MAX) age();
    current.set(token, hashed);
    timer ??= setTimeout(age, KEY_MEMO_MS / 2).unref();
    return hashed;
  };
}

/** Sessions a user keeps at most: each sign-in from a browser without a cookie adds one. */
export const MAX_SESSIONS_PER_USER = 50;

/**
 * A sign-in bounds the user's sessions (a sign-in loop cannot grow the table): past
 * MAX_SESSIONS_PER_USER rows, the expired ones go and then the oldest. Their sockets are
 * not told: a session that old has long been idle, and its next request finds none.
 */
const sessionRows = (now: string): PerUserRows => ({
  table: 'sessions',
  key: 'id_hash',
  newest: 'created_at',
  keep: MAX_SESSIONS_PER_USER,
  liveWhen: { column: 'expires_at', after: now },
});

/**
 * Sessions in the database. Every deletion is announced on `events` (`session.ended`,
 * `user.sessions-ended`) after it is committed, so open sockets of that session close.
 */
export function sessionStore(
  db: Db,
  secret: string,
  secureCookies: boolean,
  events: DomainEvents,
  answers: AnswerCache,
): SessionStore {
  const hash = sessionKeys(secret);
  const endSession = async (sessionKey: string) => {
    await db.deleteFrom('sessions').where('id_hash', '=', sessionKey).execute();
    events.publish('session.ended', { sessionKey });
  };
  const setCookie = (reply: FastifyReply, token: string) =>
    void reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: TTL_MS / 1000,
    });

  // Every request runs this lookup: its SQL is compiled once, not built anew each time.
  let sessionSql: string | undefined;
  const lookup = () =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.expires_at as session_expires_at',
        'sessions.last_active_at as session_active_at',
      ])
      .where('sessions.id_hash', '=', '');
  const lookupSql = () => (sessionSql ??= lookup().compile().sql);
  type LookupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof lookup>['executeTakeFirst']>>>;

  /**
   * A lookup as it is kept: the user split from the session's expiry once, when read, not on
   * every request. Frozen, as every kept answer is: a handler never changes `req.user`, and
   * one that tried would fail at once instead of changing what later requests see.
   */
  type Lookup = { signedIn?: Resolved; expires: number; active: number };
  const read = async (idHash: string): Promise<Lookup> => {
    const row = (await db.executeQuery<LookupRow>(CompiledQuery.raw(lookupSql(), [idHash])))
      .rows[0];
    if (!row) return { expires: 0, active: 0 };
    const { session_expires_at, session_active_at, ...user } = row;
    const signedIn = Object.freeze({ user: Object.freeze(user), extended: false });
    // A session from before migration 030 has no activity yet: its first request writes one.
    const active = session_active_at ? Date.parse(session_active_at) : 0;
    return { signedIn, expires: Date.parse(session_expires_at), active };
  };
  const anonymous: Resolved = Object.freeze({ user: null, extended: false });

  function resolveKept(rawToken: string | undefined): Resolved | undefined {
    if (!rawToken || rawToken.length > MAX_TOKEN_LENGTH) return anonymous;
    const kept = answers.peek<Lookup>(`session:${hash(rawToken)}`, SESSION_TABLES);
    if (!kept) return undefined;
    if (!kept.signedIn) return anonymous;
    // Expired (nothing left), due to slide or its activity due: the database has a write to do.
    const now = Date.now();
    const left = kept.expires - now;
    if (now - kept.active >= SESSION_ACTIVE_EVERY_MS) return undefined;
    return left < TTL_MS - SLIDE_AFTER_MS ? undefined : kept.signedIn;
  }

  async function resolve(rawToken: string | undefined) {
    return resolveKept(rawToken) ?? (await resolveFromDb(rawToken!));
  }

  async function resolveFromDb(rawToken: string): Promise<Resolved> {
    const idHash = hash(rawToken);
    // Kept only until a session or user row is written (a sign-out, a reset, an account change).
    const { signedIn, expires, active } = await answers.get(
      `session:${idHash}`,
      SESSION_TABLES,
      () => read(idHash),
    );
    if (!signedIn) return anonymous;
    const { user } = signedIn;
    if (expires <= Date.now()) {
      await endSession(idHash);
      return anonymous;
    }
    const extended = expires - Date.now() < TTL_MS - SLIDE_AFTER_MS;
    const activeDue = Date.now() - active >= SESSION_ACTIVE_EVERY_MS;
    if (extended || activeDue) {
      // One write for both; parallel requests may each write it once, which does no harm.
      await db
        .updateTable('sessions')
        .set({ last_active_at: nowIso(), ...(extended ? { expires_at: isoIn(TTL_MS) } : {}) })
        .where('id_hash', '=', idHash)
        .execute();
    }
    return { user, extended };
  }

  return {
    async create(reply, userId, checkedHash, device) {
      const token = randomBytes(32).toString('base64url');
      const now = nowIso();
      const created = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const user = await trx
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (user?.password_hash !== checkedHash) return false;
        await trx
          .insertInto('sessions')
          .values({
            id_hash: hash(token),
            user_id: userId,
            created_at: now,
            expires_at: isoIn(TTL_MS),
            // Random, and unrelated to the cookie: the sessions list names a session by it.
            public_id: randomBytes(12).toString('hex'),
            user_agent: cleanUserAgent(device?.userAgent),
            last_active_at: now,
            place: device?.place ?? null,
          })
          .execute();
        await keepNewestRows(trx, sessionRows(nowIso()), userId);
        return true;
      });
      if (created) setCookie(reply, token);
      return created;
    },
    async destroy(req, reply) {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await endSession(hash(token));
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    async destroyAllFor(userId, change) {
      const changed = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const result = await change?.(trx);
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        return result;
      });
      events.publish('user.sessions-ended', { userId });
      return changed;
    },
    async destroyOthersFor(userId, keepKey, change) {
      const { result, ended } = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const result = await change?.(trx);
        const ended = await trx
          .deleteFrom('sessions')
          .where('user_id', '=', userId)
          .where('id_hash', '<>', keepKey)
          .returning('id_hash')
          .execute();
        return { result, ended };
      });
      // Only the ended sessions' sockets close: the tab that asked keeps its channel.
      for (const { id_hash } of ended) events.publish('session.ended', { sessionKey: id_hash });
      return { result, ended: ended.length };
    },
    async destroyByPublicId(userId, publicId) {
      const ended = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .returning('id_hash')
        .executeTakeFirst();
      if (ended) events.publish('session.ended', { sessionKey: ended.id_hash });
      return Boolean(ended);
    },
    async userFor(rawToken) {
      return (await resolve(rawToken)).user;
    },
    keyFor: hash,
    resolveKept,
    resolveFromDb,
    setCookie,
  };
}

/**
 * A User-Agent as a session keeps it: cut to SESSION_USER_AGENT_MAX, without the control
 * characters a header may carry (cut first, so no half surrogate pair is left); null if none.
 */
export function cleanUserAgent(raw: string | undefined): string | null {
  const cleaned = stripUnsupported((raw ?? '').slice(0, SESSION_USER_AGENT_MAX)).trim();
  return cleaned || null;
}

/** Resolves `req.user` from the session cookie on every request. */
export function registerSessionAuth(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('user', null);
  // A callback hook: a session settled by a kept lookup (most requests on SQLite) goes on at
  // once, without the promises an async hook and an awaited lookup cost on every request.
  app.addHook('onRequest', (req, reply, done) => {
    const token = req.cookies[SESSION_COOKIE];
    const kept = store.resolveKept(token);
    if (kept) {
      req.user = kept.user;
      return done();
    }
    // Not kept, so the token is there and of a length we issue (resolveKept says anonymous else).
    store.resolveFromDb(token!).then(({ user, extended }) => {
      req.user = user;
      // The browser's copy must slide with the database's, or it would expire 30 days after sign-in.
      if (extended) store.setCookie(reply, token!);
      done();
    }, done);
  });
}

/** The signed-in user, or a 401 the client treats as "sign out". */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new HttpError(401, AUTH_MESSAGES.notLoggedIn);
  return req.user;
}

export function requireHr(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!user.is_hr) throw new HttpError(403, 'This page is for HR users only.');
  return user;
}
