import { Component, type ErrorInfo, type ReactNode } from 'react';
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

/**
 * Catches render errors (and lazy pages that failed to load) and shows the generic error
 * screen. Try Again re-renders; Reload Page reloads.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    report(error);
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorScreen onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
