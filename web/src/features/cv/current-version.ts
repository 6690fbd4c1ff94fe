import { useSyncExternalStore } from 'react';

/*
 * Which CV version the builder, the preview, View CV and the downloads work on (issue 30).
 * One id, kept in localStorage so it survives a reload; null means the default version (the
 * CV calls then name none). A stale id (a deleted version, another account's) is cleared where
 * it is found: the versions list lacks it, or the CV answers 404 for it.
 */
const STORAGE_KEY = 'vitae.cvVersion';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let current: string | null = read();

/** The chosen version's id, or null for the default. */
export const currentVersion = (): string | null => current;

/** Chooses a version (null: the default) and tells every subscriber. */
export function setCurrentVersion(id: string | null): void {
  if (id === current) return;
  current = id;
  try {
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

export function subscribeCurrentVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen version's id (null: the default), re-rendering when it changes. */
export function useCurrentVersionId(): string | null {
  return useSyncExternalStore(subscribeCurrentVersion, currentVersion, currentVersion);
}

/** `?version=<id>` for the CV calls (or `&version=` after a query), '' for the default. */
export function versionQuery(id: string | null = current, joiner: '?' | '&' = '?'): string {
  return id ? `${joiner}version=${encodeURIComponent(id)}` : '';
}
