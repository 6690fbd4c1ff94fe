import { Suspense, type ComponentType } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { lazyWithRetry } from '../../lib/lazy-retry.ts';
import { SectionLoading, type MediaTab } from '../sections/index.ts';

type Screen = { default: ComponentType };

/*
 * The media screens come from the media feature. Each file is picked up when it exists
 * (Vite resolves the glob at build time); until then the tab shows a short note.
 */
const FILES = import.meta.glob<Screen>([
  '../photo/photo-screen.tsx',
  '../certificates/certificates-screen.tsx',
  '../first-impression/first-impression-screen.tsx',
]);

const PATHS: Record<MediaTab, string> = {
  photo: '../photo/photo-screen.tsx',
  certificates: '../certificates/certificates-screen.tsx',
  firstImpression: '../first-impression/first-impression-screen.tsx',
};

const lazyScreen = (tab: MediaTab) => {
  const load = FILES[PATHS[tab]];
  return load ? lazyWithRetry(load) : null;
};

const SCREENS: Record<MediaTab, ComponentType | null> = {
  photo: lazyScreen('photo'),
  certificates: lazyScreen('certificates'),
  firstImpression: lazyScreen('firstImpression'),
};

export function MediaScreen({ tab, title }: { tab: MediaTab; title: string }) {
  const Screen = SCREENS[tab];
  if (!Screen) {
    return (
      <Card className="p-6 text-center">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          Coming with the media release
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {title} is part of our media release and will appear here soon. Meanwhile you can fill in
          the other sections of your CV.
        </p>
      </Card>
    );
  }
  return (
    <Suspense fallback={<SectionLoading />}>
      <Screen />
    </Suspense>
  );
}
