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
}

/**
 * Catches render errors (and lazy pages that failed to load) and shows the generic error
 * screen. Try Again re-renders, importing failed chunks again; should that import fail once
 * more (a browser may keep the failed module), the page reloads itself. Reload Page reloads.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, chunk: false };
  /** When Try Again was last pressed after a chunk failed to load. */
  private retriedChunkAt = 0;

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, chunk: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    report(error);
    const justRetried = Date.now() - this.retriedChunkAt < RELOAD_WINDOW_MS;
    this.retriedChunkAt = 0;
    if (justRetried && isChunkLoadError(error)) window.location.reload();
  }

  private retry = () => {
    this.retriedChunkAt = this.state.chunk ? Date.now() : 0;
    if (this.state.chunk) retryFailedImports();
    this.setState({ failed: false, chunk: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={this.retry} />;
    return this.props.children;
  }
}
