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
 * fields before React takes over would not reach the form's state. Each page's HTML also
 * preloads its route chunk with the entry.
 */
export const PRERENDERED_PAGES = {
  '/': 'src/features/landing/landing-page.tsx',
  '/hr-introduction': 'src/features/hr-intro/hr-intro-page.tsx',
  // Any one path below: the viewer's header and "Loading CV...", the same for every CV, so
  // the page paints before its scripts have loaded and asked for the CV.
  '/view-shared-cv/*': 'src/features/shared-viewer/shared-cv-page.tsx',
} as const;

/**
 * The same tree as main.tsx with a static router, at a path of PRERENDERED_PAGES (a `*`
 * rendered as one segment); waits for the lazy page to load.
 */
export async function renderPage(path: string): Promise<string> {
  const url = path.replace(/\*$/, 'any');
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
