import { Suspense, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/spinner.tsx';
import { lazyWithRetry } from '../lib/lazy-retry.ts';

/**
 * The element of a lazily loaded page whose module default-exports its component:
 * `{ path: 'cv-builder', element: lazyPage(() => import('../features/builder/builder-page.tsx')) }`.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazyWithRetry(load);
  const element = (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
  loaders.set(element, load);
  return element;
}

/** Each lazy page element's import, for preloading the pages of a path. */
const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * Starts importing the lazy pages `path` will render (its layout and page), so their chunks
 * download while the app asks who is signed in, instead of after: the dashboard's first paint
 * waited for the session, then the layout, then the page. Modules are imported once; the
 * lazy components later get the same ones.
 */
export function preloadPages(routes: RouteObject[], path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const load = route.element ? loaders.get(route.element as ReactElement) : undefined;
    load?.().catch(() => undefined);
  }
}
