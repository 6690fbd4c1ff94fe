import { EventEmitter } from 'node:events';

/**
 * What features announce; the realtime module turns these into socket emissions,
 * so no feature talks to Socket.IO directly.
 */
export interface DomainEventMap {
  /** One of a user's CV sections, photos or certificates changed. */
  'section.changed': { userId: string; dataType: string };
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
