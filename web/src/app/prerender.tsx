import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The public pages whose first paint needs no data: the build renders them to HTML
 * (web/vite.config.ts) so they paint before any JavaScript runs, and main.tsx hydrates
 * them. Each maps its path to the route module the build manifest names. Pages with a form
 * (login, sign-up, forgot password) are left out: what someone types into prerendered
 * fields before React takes over would not reach the form's state.
 */
export const PRERENDERED_PAGES = {
  '/': 'src/features/landing/landing-page.tsx',
  '/hr-introduction': 'src/features/hr-intro/hr-intro-page.tsx',
} as const;

/**
 * Pages that need data first (prerendering gains nothing): their HTML is the app shell that
 * preloads their route chunk with the entry, saving a round trip before the page can ask
 * for its data. `*` is any one path below.
 */
export const PRELOADED_ROUTES = {
  '/view-shared-cv/*': 'src/features/shared-viewer/shared-cv-page.tsx',
} as const;

/** The same tree as main.tsx with a static router; waits for the lazy page to load. */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <ErrorBoundary>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ErrorBoundary>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
