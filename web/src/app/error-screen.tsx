import { Button } from '../components/ui/button.tsx';

/** What the screen says when a page could not load without a connection (issue 32). */
export const OFFLINE_SCREEN = {
  title: 'You are offline',
  text: 'This page needs a connection to load. It opens by itself when the connection is back.',
} as const;

/**
 * The generic error screen (docs/product/app-shell.md#error-screen); `offline` when a page's
 * code could not load for want of a connection.
 */
export function ErrorScreen({ onRetry, offline }: { onRetry?: () => void; offline?: boolean }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M12 8v5m0 3h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </svg>
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">
          {offline ? OFFLINE_SCREEN.title : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {offline
            ? OFFLINE_SCREEN.text
            : "We're sorry, but something unexpected happened. Please try refreshing the page."}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onRetry ?? (() => window.location.reload())}>
            Try Again
          </Button>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </div>
      </div>
    </main>
  );
}
