import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { CvData } from '@vitae/core/cv';
import { lazyLayout } from './registry.ts';

interface CvLayoutProps {
  /** A template id (unknown ids fall back to template01) or "ink-friendly". */
  layout: string | null | undefined;
  data: CvData;
  fallback?: ReactNode;
}

/** Renders a CV in a lazily loaded template; used by View CV, the shared viewer and HR views. */
export function CvLayout({ layout, data, fallback }: CvLayoutProps) {
  const Layout = lazyLayout(layout);
  return (
    <Suspense
      fallback={fallback ?? <p className="p-8 text-center text-slate-500">Loading template...</p>}
    >
      <Layout data={data} />
    </Suspense>
  );
}
