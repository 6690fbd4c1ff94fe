import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, retryFailedImports } from '../lib/lazy-retry.ts';
import { ErrorScreen } from './error-screen.tsx';

function report(error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(error);
  // Best effort: the server logs client errors; reporting must never throw.
  void fetch('/error', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ error: message.slice(0, 2000) }),
  }).catch(() => {});
}

/** A chunk error this soon after Try Again means the re-import failed too. */
const RELOAD_WINDOW_MS = 30_000;

interface State {
  failed: boolean;
  /** The error was a page's code that failed to load (a chunk). */
  chunk: boolean;
  /** …while the browser had no connection: the page loads again once it is back. */
  offline: boolean;
}

/**
 * Catches render errors (and lazy pages that failed to load) and shows the generic error
 * screen, or "You are offline" when a page's code could not load without a connection (it
 * then loads by itself when the connection is back). Try Again re-renders, importing failed chunks again; should that import fail once
 * more (a browser may keep the failed module), the page reloads itself. Reload Page reloads.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, chunk: false, offline: false };
  /** When Try Again was last pressed after a chunk failed to load. */
  private retriedChunkAt = 0;

  static getDerivedStateFromError(error: unknown): State {
    const chunk = isChunkLoadError(error);
    return { failed: true, chunk, offline: chunk && navigator.onLine === false };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    // Offline, the page tries again by itself when the connection is back (and the report,
    // which could not be sent, is not attempted).
    if (this.state.offline) {
      window.addEventListener('online', this.retry, { once: true });
      return;
    }
    report(error);
    const justRetried = Date.now() - this.retriedChunkAt < RELOAD_WINDOW_MS;
    this.retriedChunkAt = 0;
    if (justRetried && isChunkLoadError(error)) window.location.reload();
  }

  private retry = () => {
    window.removeEventListener('online', this.retry);
    this.retriedChunkAt = this.state.chunk ? Date.now() : 0;
    if (this.state.chunk) retryFailedImports();
    this.setState({ failed: false, chunk: false, offline: false });
  };

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={this.retry} offline={this.state.offline} />;
    return this.props.children;
  }
}
