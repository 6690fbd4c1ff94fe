import { Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { LayoutScreen } from '../arrangement/index.ts';
import { CustomSectionsScreen } from '../custom-sections/index.ts';
import { DesignScreen } from '../design/index.ts';
import { useCurrentVersionId, VersionSwitcher } from '../cv/api.ts';
import { PreviewPane } from '../preview/index.ts';
import { ScreeningCheck } from '../screening-check/index.ts';
import {
  createDraftStore,
  DraftContext,
  builderLink,
  findTab,
  isToolTab,
  TOOL_TABS,
  type BuilderTab,
  SectionScreen,
} from '../sections/index.ts';
import { BuilderSelect, BuilderSidebar } from './builder-nav.tsx';
import { MediaScreen } from './media-screens.tsx';

/** Without a tab the builder opens on the first data section. */
const DEFAULT_TAB = 'personalInfo';
/**
 * Section screens scroll to the top 100 ms after opening
 * (docs/product/builder.md#common-behaviour).
 */
const SCROLL_DELAY_MS = 100;

/** The whole-CV tools' screens (catalog.ts TOOL_TABS), each loaded when its tab opens. */
const TOOL_SCREENS: Record<string, ComponentType> = {
  layout: LayoutScreen,
  design: DesignScreen,
  customSections: CustomSectionsScreen,
};

/** From this width the preview stands beside the form; below it, a toggle shows one or the other. */
const SIDE_BY_SIDE = '(min-width: 1280px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', cb);
      return () => list.removeEventListener('change', cb);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** The tab chosen by ?tab= or, from a dashboard card, by the navigation state. */
function useTabKey(): string {
  const [params] = useSearchParams();
  const state = useLocation().state as { tab?: unknown } | null;
  const fromState = typeof state?.tab === 'string' ? state.tab : null;
  return params.get('tab') ?? fromState ?? DEFAULT_TAB;
}

/** /app/cv-builder: header, section navigation and the selected section's screen. */
export default function BuilderPage() {
  const key = useTabKey();
  const tab = findTab(key);
  const [drafts] = useState(createDraftStore);
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const [previewShown, setPreviewShown] = useState(false);
  const [checkOpen, setCheckOpen] = useState(false);
  const version = useCurrentVersionId();
  // Section screens and the whole-CV tools have a preview; the media screens and Coming Soon do not.
  const previewable = Boolean(tab?.section) || isToolTab(tab);
  const previewInMain = previewable && !wide && previewShown;
  const width = previewable ? 'max-w-[96rem]' : 'max-w-6xl';

  useEffect(() => {
    const t = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [key]);

  const title = tab?.title ?? 'Coming Soon';
  useEffect(() => {
    document.title = `${title} · CV Builder · Vitae`;
  }, [title]);

  return (
    <DraftContext.Provider value={drafts}>
      <div className="min-h-screen bg-slate-50">
        <header className="border-b border-slate-200 bg-white">
          <div
            className={cn(
              'mx-auto flex items-center justify-between gap-3 px-4 pt-4 sm:px-6',
              width,
            )}
          >
            <Link
              to="/app/dashboard"
              className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-slate-700 hover:text-slate-900"
            >
              <span aria-hidden="true">←</span> Back to Dashboard
            </Link>
            <div className="flex flex-wrap items-center justify-end gap-2">
              <Button variant="secondary" size="sm" onClick={() => setCheckOpen(true)}>
                Screening check
              </Button>
              <ButtonLink to="/app/view-cv" variant="secondary" size="sm">
                View CV
              </ButtonLink>
            </div>
          </div>
          <ScreeningCheck open={checkOpen} onClose={() => setCheckOpen(false)} version={version} />
          <div
            className={cn(
              'mx-auto flex flex-wrap items-end justify-between gap-x-6 gap-y-3 px-4 pt-3 pb-5 sm:px-6',
              width,
            )}
          >
            <div>
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                CV Builder
              </p>
              <h1 className="mt-0.5 text-2xl font-semibold tracking-tight text-slate-900">
                {title}
              </h1>
            </div>
            <VersionSwitcher />
          </div>
        </header>
        <div
          className={cn(
            'mx-auto grid gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[18rem_minmax(0,1fr)]',
            width,
            previewable && 'xl:grid-cols-[15rem_minmax(0,1fr)_minmax(0,1fr)] xl:gap-6',
          )}
        >
          <aside className="hidden lg:block">
            <ToolNav current={tab?.tab} className="mb-4 border-b border-slate-200 pb-4" />
            <BuilderSidebar current={tab?.tab} />
          </aside>
          <main className="min-w-0 space-y-5">
            <div className="space-y-3 lg:hidden">
              <ToolNav current={tab?.tab} horizontal />
              <BuilderSelect current={isToolTab(tab) ? undefined : tab?.tab} />
            </div>
            {previewable && !wide && (
              <PreviewToggle shown={previewShown} onChange={setPreviewShown} />
            )}
            {/* Hidden, not unmounted, behind the preview: the form keeps what was typed. */}
            <div className={cn(previewInMain && 'hidden')}>
              {tab ? <TabContent tab={tab} /> : <UnknownTab />}
            </div>
            {previewInMain && <Preview />}
          </main>
          {previewable && wide && (
            <div className="sticky top-4 max-h-[calc(100vh-2rem)] min-w-0 self-start overflow-y-auto rounded-xl bg-slate-200/60 p-4">
              <Preview />
            </div>
          )}
        </div>
      </div>
    </DraftContext.Provider>
  );
}

function Preview() {
  return (
    <Suspense
      fallback={<p className="p-8 text-center text-sm text-slate-500">Loading preview...</p>}
    >
      <PreviewPane />
    </Suspense>
  );
}

/** Phones and narrow windows: the form or the preview, one at a time. */
function PreviewToggle({
  shown,
  onChange,
}: {
  shown: boolean;
  onChange: (shown: boolean) => void;
}) {
  const option = (value: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={shown === value}
      onClick={() => onChange(value)}
      className={cn(
        'flex-1 rounded-md px-3 py-1.5 text-sm font-semibold',
        shown === value
          ? 'bg-white text-slate-900 shadow-sm'
          : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show" className="flex gap-1 rounded-lg bg-slate-200 p-1">
      {option(false, 'Edit')}
      {option(true, 'Preview')}
    </div>
  );
}

function TabContent({ tab }: { tab: BuilderTab }) {
  const Tool = isToolTab(tab) ? TOOL_SCREENS[tab.tool] : undefined;
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-600">{tab.blurb}</p>
      {tab.section && <SectionScreen sectionKey={tab.section} />}
      {tab.media && <MediaScreen tab={tab.media} title={tab.title} />}
      {Tool && (
        <Suspense fallback={<p className="p-8 text-center text-sm text-slate-500">Loading...</p>}>
          <Tool />
        </Suspense>
      )}
    </section>
  );
}

/** Links to the whole-CV tabs (Layout, ...): above the sections on desktop, a row on phones. */
function ToolNav({
  current,
  horizontal = false,
  className,
}: {
  current?: string;
  horizontal?: boolean;
  className?: string;
}) {
  return (
    <nav aria-label="Whole CV" className={className}>
      <ul className={cn(horizontal ? 'flex flex-wrap gap-2' : 'space-y-0.5')}>
        {TOOL_TABS.map((t) => (
          <li key={t.tab}>
            <Link
              to={builderLink(t.tab)}
              aria-current={t.tab === current ? 'page' : undefined}
              className={cn(
                'flex items-center rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                horizontal && 'border border-slate-300 bg-white',
                t.tab === current
                  ? 'bg-brand-50 text-brand-800'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function UnknownTab() {
  return (
    <Card className="p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Coming Soon</h2>
      <p className="mt-2 text-sm text-slate-600">This section is not available yet.</p>
      <ButtonLink to="/app/dashboard" className="mt-5">
        Back to Dashboard
      </ButtonLink>
    </Card>
  );
}
