import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { preloadPages } from './app/lazy-page.tsx';
import { AppRoutes, routes } from './app/router.tsx';
import { startSession } from './lib/auth-store.ts';
import './index.css';

// The start-up sign-in attempt runs once, before the first render; this page's chunks load
// meanwhile.
startSession();
preloadPages(routes, window.location.pathname);

const container = document.getElementById('root')!;
// Keep this tree the same as src/app/prerender.tsx renders at build time.
const app = (
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>
);

// In a transition React renders (or hydrates) in short slices, yielding to the browser
// between them, instead of one long task that blocks input while a phone parses the page.
startTransition(() => {
  if (container.firstElementChild) {
    // A page the build prerendered (src/app/prerender.tsx). Where this visit differs from
    // the build's render (a signed-in visitor, ?email= on /login) React renders it afresh,
    // as it would without the HTML: expected, so no console noise in production.
    hydrateRoot(container, app, {
      onRecoverableError: (error) => {
        if (import.meta.env.DEV) console.warn(error);
      },
    });
  } else {
    createRoot(container).render(app);
  }
});
