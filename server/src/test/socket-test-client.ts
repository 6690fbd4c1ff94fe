import { io as connect, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
} from '@vitae/core';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents> & {
  /** Every server event this socket received, in order. */
  received: { event: ServerEventName; payload: unknown }[];
};

/**
 * A real socket.io client for tests: connects with the given cookie, records every
 * event, and resolves once the server has placed it in its rooms (the ack of
 * `authenticate`), so a test never races the handshake.
 */
export async function testSocket(
  baseUrl: string,
  opts: {
    cookie?: string;
    claim?: string;
    transport?: 'websocket' | 'polling';
    origin?: string;
  } = {},
): Promise<{ socket: TestSocket; userId: string | null }> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const socket = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: [opts.transport ?? 'websocket'],
    extraHeaders: headers,
    forceNew: true,
    reconnection: false,
  }) as TestSocket;
  socket.received = [];
  socket.onAny((event: ServerEventName, payload: unknown) =>
    socket.received.push({ event, payload }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(5000).emitWithAck('authenticate', opts.claim ?? '');
  return { socket, userId: ack.userId };
}

/** Resolves with the next `event` payload on `socket`, or rejects after `ms`. */
export function nextEvent<K extends ServerEventName>(
  socket: TestSocket,
  event: K,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const on = (payload: Parameters<ServerToClientEvents[K]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    (socket as unknown as Socket).once(event as string, on as (...args: unknown[]) => void);
  });
}

export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the reason once `socket` is disconnected (at once if it already is), or rejects after `ms`. */
export function disconnection(socket: TestSocket, ms = 3000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
