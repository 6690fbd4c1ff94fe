import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { io, ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@vitae/core/events';
import {
  LIVE_DUPLICATE_GUARD_MS,
  LIVE_REFETCH_DELAY_MS,
  LIVE_SKIP_WINDOW_MS,
  SOCKET_PATH,
  SOCKET_RECONNECT_ATTEMPTS_TRACKED,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_STATUS_POLL_MS,
  SOCKET_TIMEOUT_MS,
} from '@vitae/core/realtime-settings';
import { API_BASE } from './api.ts';
import { auth, getAuthState, useAuth } from './auth-store.ts';

/*
 * The signed-in app's one realtime socket (docs/product/notifications.md#realtime-channel).
 * The server knows who we are from the session cookie; `authenticate` is sent on
 * every (re)connect only because the protocol has it.
 */

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: SOCKET_PATH,
  transports: ['websocket', 'polling'],
  timeout: SOCKET_TIMEOUT_MS,
  reconnection: true,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  withCredentials: true,
};

let socket: AppSocket | null = null;
let socketUserId: string | null = null;
let statusTimer: ReturnType<typeof setInterval> | undefined;
const handlers = new Map<string, Set<(payload: unknown) => void>>();

/**
 * Opens the socket for `userId` (idempotent), authenticating on every connect. `open` is
 * socket.io-client's `io`, imported when the socket is first needed.
 */
export function connectSocket(userId: string, open: typeof io): AppSocket {
  if (socket && socketUserId === userId) return socket;
  disconnectSocket();
  const s: AppSocket = API_BASE ? open(API_BASE, SOCKET_OPTIONS) : open(SOCKET_OPTIONS);
  socket = s;
  socketUserId = userId;

  s.on('connect', () => s.emit('authenticate', userId));
  s.on('disconnect', (reason) => {
    // The server closes a socket whose session ended (sign-out elsewhere, password reset):
    // ask who we are, which signs this tab out instead of reconnecting anonymously forever.
    if (reason === 'io server disconnect') void auth.fetchUser();
  });
  s.on('connect_error', (err) => console.warn('socket connection error', err.message));
  s.io.on('reconnect_attempt', (attempt) => {
    // Spec: 5 attempts are counted, then an error is logged; retries go on at most 5 s apart.
    if (attempt === SOCKET_RECONNECT_ATTEMPTS_TRACKED) {
      console.error(`socket reconnection failed after ${attempt} attempts`);
    }
  });
  s.onAny((event: string, payload: unknown) => {
    handlers.get(event)?.forEach((fn) => fn(payload));
  });

  // The status is polled every second: a socket the server closed does not retry by itself.
  statusTimer = setInterval(() => {
    if (!s.active) s.connect();
  }, SOCKET_STATUS_POLL_MS);
  return s;
}

/** Closes the socket (sign-out). */
export function disconnectSocket(): void {
  clearInterval(statusTimer);
  statusTimer = undefined;
  socket?.disconnect();
  socket = null;
  socketUserId = null;
}

/** Runs `fn` when the browser is idle (at most a second from now); cancel() stops it. */
function whenIdle(fn: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 1000 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = setTimeout(fn, 0);
  return { cancel: () => clearTimeout(id) };
}

/**
 * Keeps the socket open while a user is signed in: connects after sign-in, closes
 * on sign-out (also when sign-out unmounts the signed-in pages first).
 */
export function useSocketConnection(): void {
  const userId = useAuth().user?._id ?? null;
  useEffect(() => {
    if (!userId) {
      disconnectSocket();
      return;
    }
    // Opened once the page has painted, with socket.io-client loaded then: creating the socket
    // is a long task on a slow phone, and nothing it brings is on the first screen (the page
    // fetches its data itself).
    let cancelled = false;
    const opening = whenIdle(() => {
      void import('socket.io-client').then(({ io }) => {
        if (!cancelled) connectSocket(userId, io);
      });
    });
    return () => {
      cancelled = true;
      opening.cancel();
      if (getAuthState().user?._id !== userId) disconnectSocket();
    };
  }, [userId]);
}

/** Calls `fn` for every `name` event of the socket, whichever socket is current. */
export function useSocketEvent<K extends ServerEventName>(
  name: K,
  fn: (payload: ServerEventPayload<K>) => void,
): void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    const handler = (payload: unknown) => ref.current(payload as ServerEventPayload<K>);
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  }, [name]);
}

/** Test hook: delivers a server event to the registered handlers as the socket would. */
export function dispatchSocketEvent<K extends ServerEventName>(
  name: K,
  payload: ServerEventPayload<K>,
): void {
  handlers.get(name)?.forEach((fn) => fn(payload));
}

/*
 * Live invalidation: another tab's change refetches after 500 ms; events within 2 s
 * of the previous refresh of the same data are folded into one refresh at the end
 * of that window (so the last change is never lost), and a page that just saved
 * the data itself may skip live refreshes for 5 s.
 */

/** What each live event refreshes. Feature query keys start with these. */
export function liveQueryKeys(
  event: ServerEventName,
  payload: unknown,
): { id: string; keys: QueryKey[] } | null {
  switch (event) {
    case 'data-updated': {
      const dataType = (payload as ServerEventPayload<'data-updated'>).dataType;
      const keys: QueryKey[] = [
        ['section', dataType],
        ['section-status', dataType],
      ];
      // Custom sections (issue 30) have no list of their own in the preview: the CV refetches.
      if (dataType === 'custom-sections') keys.push(['curriculum-vitae', 'data']);
      return { id: dataType, keys };
    }
    case 'public-cv-toggled':
    case 'public-cv-viewed':
    case 'public-cv-list-updated':
      return { id: 'public-cv', keys: [['public-cv']] };
    default:
      return null;
  }
}

export interface LiveRefresher {
  onEvent(id: string, refresh: () => void): void;
  skip(id: string): void;
  dispose(): void;
}

export function createLiveRefresher(now: () => number = Date.now): LiveRefresher {
  const lastRefresh = new Map<string, number>();
  const skipUntil = new Map<string, number>();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    onEvent(id, refresh) {
      if (pending.has(id)) return;
      if ((skipUntil.get(id) ?? 0) > now()) return;
      const since = now() - (lastRefresh.get(id) ?? -Infinity);
      const delay = Math.max(LIVE_REFETCH_DELAY_MS, LIVE_DUPLICATE_GUARD_MS - since);
      pending.set(
        id,
        setTimeout(() => {
          pending.delete(id);
          lastRefresh.set(id, now());
          refresh();
        }, delay),
      );
    },
    skip(id) {
      skipUntil.set(id, now() + LIVE_SKIP_WINDOW_MS);
    },
    dispose() {
      pending.forEach((t) => clearTimeout(t));
      pending.clear();
    },
  };
}

const refresher = createLiveRefresher();

/** A page that saved `dataType` itself (and refetched) skips its live echo for 5 s. */
export const skipLiveRefresh = (dataType: string): void => refresher.skip(dataType);

const LIVE_EVENTS: ServerEventName[] = [
  'data-updated',
  'public-cv-toggled',
  'public-cv-viewed',
  'public-cv-list-updated',
];
const installs = new Map<QueryClient, { count: number; uninstall: () => void }>();

function installLiveInvalidation(client: QueryClient): () => void {
  const offs = LIVE_EVENTS.map((event) => {
    const handler = (payload: unknown) => {
      const target = liveQueryKeys(event, payload);
      if (!target) return;
      refresher.onEvent(target.id, () => {
        for (const queryKey of target.keys) void client.invalidateQueries({ queryKey });
      });
    };
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  });
  return () => offs.forEach((off) => off());
}

/** Refetches TanStack Query data when the server says it changed. Safe to mount many times. */
export function useLiveInvalidation(): void {
  const client = useQueryClient();
  useEffect(() => {
    // One subscription per QueryClient however many components ask, so a change refetches once.
    const entry = installs.get(client) ?? { count: 0, uninstall: installLiveInvalidation(client) };
    entry.count++;
    installs.set(client, entry);
    return () => {
      if (--entry.count > 0) return;
      entry.uninstall();
      installs.delete(client);
    };
  }, [client]);
}

/** Everything the signed-in pages need from the channel: the connection and live refetches. */
export function useRealtime(): void {
  useSocketConnection();
  useLiveInvalidation();
}
