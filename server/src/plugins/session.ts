import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import { AUTH_MESSAGES, SESSION_TTL_DAYS } from '@vitae/core';
import type { Db, UserRow } from '../db/database.ts';
import type { AnswerCache } from './answer-cache.ts';
import { isoIn, nowIso } from '../db/ids.ts';
import type { DomainEvents } from './domain-events.ts';
import { HttpError } from './errors.ts';

export const SESSION_COOKIE = 'vitae_sid';
const TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Extend a session at most once a day, so reads do not write on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;
/** What the session lookup reads. */
const SESSION_TABLES = ['sessions', 'users'];

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

export interface SessionStore {
  create(reply: FastifyReply, userId: string): Promise<void>;
  destroy(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of the user (a password reset). */
  destroyAllFor(userId: string): Promise<void>;
  /** The user behind a raw cookie value (used by the socket handshake too). */
  userFor(rawToken: string | undefined): Promise<UserRow | null>;
  /** The session's stored key (HMAC of the cookie value): what `session.ended` names. */
  keyFor(rawToken: string): string;
  /** Like userFor; `extended` says the expiry slid, so the cookie should be sent again. */
  resolve(rawToken: string | undefined): Promise<{ user: UserRow | null; extended: boolean }>;
  /** Sends the session cookie (again) with a fresh max-age. */
  setCookie(reply: FastifyReply, rawToken: string): void;
}

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
  const hash = (token: string) => createHmac('sha256', secret).update(token).digest('hex');
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
      .select(['sessions.expires_at as session_expires_at'])
      .where('sessions.id_hash', '=', '');
  const lookupSql = () => (sessionSql ??= lookup().compile().sql);
  type LookupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof lookup>['executeTakeFirst']>>>;

  async function resolve(rawToken: string | undefined) {
    const anonymous = { user: null, extended: false };
    if (!rawToken || rawToken.length > 100) return anonymous;
    const idHash = hash(rawToken);
    const read = async () => ({
      row: (await db.executeQuery<LookupRow>(CompiledQuery.raw(lookupSql(), [idHash]))).rows[0],
    });
    // Kept only until a session or user row is written (a sign-out, a reset, an account change).
    const { row } = await answers.get(`session:${idHash}`, SESSION_TABLES, read);
    if (!row) return anonymous;
    const { session_expires_at, ...user } = row;
    const expires = Date.parse(session_expires_at);
    if (expires <= Date.now()) {
      await endSession(idHash);
      return anonymous;
    }
    const extended = expires - Date.now() < TTL_MS - SLIDE_AFTER_MS;
    if (extended) {
      await db
        .updateTable('sessions')
        .set({ expires_at: isoIn(TTL_MS) })
        .where('id_hash', '=', idHash)
        .execute();
    }
    return { user, extended };
  }

  return {
    async create(reply, userId) {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('sessions')
        .values({
          id_hash: hash(token),
          user_id: userId,
          created_at: nowIso(),
          expires_at: isoIn(TTL_MS),
        })
        .execute();
      setCookie(reply, token);
    },
    async destroy(req, reply) {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await endSession(hash(token));
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
    async destroyAllFor(userId) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
      events.publish('user.sessions-ended', { userId });
    },
    async userFor(rawToken) {
      return (await resolve(rawToken)).user;
    },
    keyFor: hash,
    resolve,
    setCookie,
  };
}

/** Resolves `req.user` from the session cookie on every request. */
export function registerSessionAuth(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const { user, extended } = await store.resolve(token);
    req.user = user;
    // The browser's copy must slide with the database's, or it would expire 30 days after sign-in.
    if (extended && token) store.setCookie(reply, token);
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
