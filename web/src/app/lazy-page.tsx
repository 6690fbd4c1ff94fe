import { Suspense, type ComponentType, type ReactElement } from 'react';
import { PageLoader } from '../components/ui/spinner.tsx';
import { lazyWithRetry } from '../lib/lazy-retry.ts';

/**
 * The element of a lazily loaded page whose module default-exports its component:
 * `{ path: 'cv-builder', element: lazyPage(() => import('../features/builder/builder-page.tsx')) }`.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazyWithRetry(load);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
