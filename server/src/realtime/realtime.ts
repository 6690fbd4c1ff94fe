import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  HR_ROOM,
  SOCKET_PATH,
  isDataType,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import type { DomainEventMap } from '../plugins/domain-events.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';

interface SocketData {
  /** The session's user, or null: a socket without a session joins no private room. */
  userId: string | null;
  lastSyncAt: number;
}

/**
 * Every socket of a signed-in session joins this room, so ending the session (on
 * any instance) can close them all; `userRoom` does the same for all of a user's.
 */
const sessionRoom = (sessionKey: string) => `session:${sessionKey}`;

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** A repeated `authenticate` re-reads the session at most this often per socket. */
const RESYNC_MIN_MS = 1_000;

/**
 * The one module that turns domain events into socket emissions. Features publish
 * on `deps.events`; they never touch Socket.IO. With `REDIS_URL` set, emissions
 * travel through Redis to sockets held by every instance.
 */
export function registerRealtime(app: FastifyInstance, deps: AppDeps): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['polling', 'websocket'],
    // Clients only send tiny events; refuse anything larger.
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, done) => {
      const refusal = crossSiteRefusal(req, deps.config.publicUrl);
      done(refusal, refusal === null);
    },
  });
  let redis: { close(): Promise<void> } | undefined;
  const redisUrl = deps.config.redisUrl;
  if (redisUrl) {
    // Before the server listens, so no socket misses the adapter.
    app.addHook('onReady', async () => {
      redis = await redisAdapter(io, redisUrl, app.log);
    });
  }

  const tokenOf = (socket: RealtimeSocket): string | undefined => {
    const header = socket.handshake.headers.cookie;
    return header ? app.parseCookie(header)[SESSION_COOKIE] : undefined;
  };

  /** Rooms follow the session cookie, never anything the client says. */
  async function syncRooms(socket: RealtimeSocket): Promise<void> {
    socket.data.lastSyncAt = Date.now();
    const token = tokenOf(socket);
    const user = await deps.sessions.userFor(token);
    // Joining after a disconnect would leave stale room entries behind.
    if (socket.disconnected) return;
    const want =
      user && token
        ? [
            userRoom(user.id),
            sessionRoom(deps.sessions.keyFor(token)),
            ...(user.is_hr ? [HR_ROOM] : []),
          ]
        : [];
    for (const room of socket.rooms) {
      if (room !== socket.id && !want.includes(room)) await socket.leave(room);
    }
    if (want.length) await socket.join(want);
    socket.data.userId = user?.id ?? null;
    // A session that ended between the lookup and the join missed this socket; once
    // joined, a later end reaches it through the rooms.
    if (user && !(await deps.sessions.userFor(token))) socket.disconnect(true);
  }

  io.on('connection', (socket) => {
    socket.data.userId = null;
    const ready = syncRooms(socket).catch((err: unknown) =>
      app.log.warn({ err }, 'socket session lookup failed'),
    );

    // Design departure 4: the id is a claim, not an identity. A claim naming the
    // session's own user re-reads the session (e.g. the HR flag just changed);
    // any other claim is ignored.
    socket.on('authenticate', (claimed, ack) => {
      void ready.then(async () => {
        const own = claimed === socket.data.userId && socket.data.userId !== null;
        if (own && Date.now() - socket.data.lastSyncAt >= RESYNC_MIN_MS) {
          await syncRooms(socket).catch((err: unknown) =>
            app.log.warn({ err }, 'socket session refresh failed'),
          );
        }
        if (typeof ack === 'function') ack({ userId: socket.data.userId });
      });
    });
    // Accepted for compatibility: the server learns of changes from the API itself.
    socket.on('user-activity', () => undefined);
  });

  const unsubscribe = bridgeDomainEvents(io, deps, app.log);

  // Close sockets before Fastify closes the HTTP server, or open websockets keep it alive.
  app.addHook('preClose', async () => {
    unsubscribe();
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    await redis?.close();
  });
  return io;
}

type Handlers = { [K in keyof DomainEventMap]: (e: DomainEventMap[K]) => void };

function bridgeDomainEvents(io: RealtimeServer, deps: AppDeps, log: FastifyBaseLogger): () => void {
  const toUser = (userId: string) => io.to(userRoom(userId));
  const handlers: Handlers = {
    'section.changed': ({ userId, dataType }) => {
      if (!isDataType(dataType)) {
        log.warn({ dataType }, 'section.changed with an unknown dataType was not sent');
        return;
      }
      toUser(userId).emit('data-updated', { dataType, timestamp: new Date().toISOString() });
    },
    'notification.created': ({ userId, notification }) =>
      toUser(userId).emit('notification', notification),
    'cv.viewed': ({ userId, ...e }) => toUser(userId).emit('cv-viewed', e),
    'public-cv.toggled': ({ userId, isListed, fullName }) => {
      const timestamp = new Date().toISOString();
      toUser(userId).emit('public-cv-toggled', { isListed, timestamp });
      io.to(HR_ROOM).emit('public-cv-list-updated', {
        action: isListed ? 'added' : 'removed',
        fullName,
        timestamp,
      });
    },
    'public-cv.viewed': ({ userId, ...e }) => toUser(userId).emit('public-cv-viewed', e),
    // Through the adapter, so sockets held by other instances close too.
    'session.ended': ({ sessionKey }) => io.in(sessionRoom(sessionKey)).disconnectSockets(true),
    'user.sessions-ended': ({ userId }) => io.in(userRoom(userId)).disconnectSockets(true),
  };
  const offs = (Object.keys(handlers) as (keyof DomainEventMap)[]).map((name) =>
    deps.events.subscribe(name, (payload) => {
      // A failed emission must never fail the request that published the event.
      try {
        (handlers[name] as (p: typeof payload) => void)(payload);
      } catch (err) {
        log.error({ err, event: name }, 'realtime emission failed');
      }
    }),
  );
  return () => offs.forEach((off) => off());
}

/** How long start-up waits for Redis before serving with this instance's sockets only. */
const ADAPTER_START_WAIT_MS = 3_000;

/** ioredis is loaded here, only with REDIS_URL (docs/decisions/0008-performance-measurements.md#0012). */
async function redisAdapter(io: RealtimeServer, url: string, log: FastifyBaseLogger) {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'realtime redis error'));
  let closed = false;
  // The adapter sends SUBSCRIBE at once and never handles its failure: closed before Redis
  // answered, that is an unhandled rejection. So it is attached once both connections are up.
  // Start-up waits a little for that, but not for a Redis that is away: the instance then
  // serves its own sockets, and joins the others when Redis comes.
  const up = (c: InstanceType<typeof Redis>) =>
    c.status === 'ready' ? undefined : new Promise((resolve) => c.once('ready', resolve));
  const attached = Promise.all([up(pub), up(sub)]).then(() => {
    if (!closed) io.adapter(createAdapter(pub, sub));
  });
  let wait: NodeJS.Timeout | undefined;
  await Promise.race([
    attached,
    new Promise((resolve) => (wait = setTimeout(resolve, ADAPTER_START_WAIT_MS).unref())),
  ]);
  clearTimeout(wait);
  return {
    async close() {
      closed = true;
      // QUIT waits for a connection that may never come (Redis down): then just drop it, or
      // the shutdown would hang until its timeout.
      const ended = (c: InstanceType<typeof Redis>) =>
        c.status === 'end' ? undefined : new Promise((resolve) => c.once('end', resolve));
      const gone = Promise.all([ended(pub), ended(sub)]);
      await Promise.allSettled(
        [pub, sub].map((c) => (c.status === 'ready' ? c.quit() : c.disconnect())),
      );
      // Closed means closed: the connections are gone when close() returns.
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}

/** Cross-site websocket hijacking guard: a browser's Origin must be ours. */
function crossSiteRefusal(req: IncomingMessage, publicUrl: string): string | null {
  const origin = req.headers.origin;
  // No Origin: not a browser page, so no ambient cookie is being abused.
  if (!origin) return null;
  const host = req.headers.host;
  const ours = [new URL(publicUrl).origin, `http://${host}`, `https://${host}`];
  return ours.includes(origin) ? null : 'Cross-site connection refused.';
}
