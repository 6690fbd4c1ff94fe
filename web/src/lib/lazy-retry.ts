import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The wait before an import's one automatic retry (a blip in the network, a deploy swap). */
export const IMPORT_RETRY_MS = 400;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chromium, Firefox, Safari and Vite word a failed chunk load differently. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Resets of the lazy components whose import failed; Try Again runs them. */
const failed = new Set<() => void>();

/** Lets every lazy component whose import failed import again on its next render. */
export function retryFailedImports(): void {
  const resets = [...failed];
  failed.clear();
  for (const reset of resets) reset();
}

/**
 * React.lazy keeps a failed import for good, so Try Again would show the same error. This
 * one retries the import once by itself, and after that only when `retryFailedImports` is
 * called (the error screen's Try Again).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const reset = () => {
    current = lazy(() =>
      load()
        .catch(() => wait(IMPORT_RETRY_MS).then(load))
        .catch((error: unknown) => {
          failed.add(reset);
          throw error;
        }),
    );
  };
  reset();
  function Retrying(props: P) {
    return createElement(current, props);
  }
  return Retrying;
}
