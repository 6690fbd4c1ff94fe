import { EventEmitter } from 'node:events';
import type { CvViewedEvent, Notification, PublicCvViewedEvent } from '@vitae/core';

/**
 * What features announce; the realtime module turns these into socket emissions
 * (or, for ended sessions, closes the sockets), so no feature talks to Socket.IO directly.
 */
export interface DomainEventMap {
  /** One of a user's CV sections, photos or certificates changed. */
  'section.changed': { userId: string; dataType: string };
  /** A notification was stored for a user (see notifications/notify.ts). */
  'notification.created': { userId: string; notification: Notification };
  /** A recipient opened a CV shared with them; `userId` is the CV's owner. */
  'cv.viewed': { userId: string } & CvViewedEvent;
  /** A user listed or unlisted their CV. */
  'public-cv.toggled': { userId: string; isListed: boolean; fullName: string };
  /** An HR user viewed a public CV; `userId` is the CV's owner. */
  'public-cv.viewed': { userId: string } & PublicCvViewedEvent;
  /** One session ended (sign-out, a new sign-in, expiry); `sessionKey` is its stored key. */
  'session.ended': { sessionKey: string };
  /** Every session of a user ended (a password reset). */
  'user.sessions-ended': { userId: string };
}

export interface DomainEvents {
  publish<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): void;
  subscribe<K extends keyof DomainEventMap>(
    name: K,
    fn: (payload: DomainEventMap[K]) => void,
  ): () => void;
}

export function domainEvents(): DomainEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish: (name, payload) => void emitter.emit(name, payload),
    subscribe(name, fn) {
      emitter.on(name, fn);
      return () => void emitter.off(name, fn);
    },
  };
}
