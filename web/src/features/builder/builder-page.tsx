import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { findTab, type TabDef } from '../sections/catalog.ts';
import { SectionScreen } from '../sections/section-screen.tsx';
import { BuilderSelect, BuilderSidebar } from './builder-nav.tsx';
import { MediaScreen } from './media-screens.tsx';

/** Without a tab the builder opens on the first data section. */
const DEFAULT_TAB = 'personalInfo';
/** Section screens scroll to the top 100 ms after opening (spec section 9). */
const SCROLL_DELAY_MS = 100;

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

  useEffect(() => {
    const t = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [key]);

  const title = tab?.title ?? 'Coming Soon';
  useEffect(() => {
    document.title = `${title} · CV Builder · Vitae`;
  }, [title]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 pt-4 sm:px-6">
          <Link
            to="/app/dashboard"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-slate-700 hover:text-slate-900"
          >
            <span aria-hidden="true">←</span> Back to Dashboard
          </Link>
          <ButtonLink to="/app/view-cv" variant="secondary" size="sm">
            View CV
          </ButtonLink>
        </div>
        <div className="mx-auto max-w-6xl px-4 pt-3 pb-5 sm:px-6">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">CV Builder</p>
          <h1 className="mt-0.5 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <BuilderSidebar current={tab?.tab} />
        </aside>
        <main className="min-w-0 space-y-5">
          <div className="lg:hidden">
            <BuilderSelect current={tab?.tab} />
          </div>
          {tab ? <TabContent tab={tab} /> : <UnknownTab />}
        </main>
      </div>
    </div>
  );
}

function TabContent({ tab }: { tab: TabDef }) {
  return (
    <section className="space-y-4">
      <p className="text-sm text-slate-600">{tab.blurb}</p>
      {tab.section && <SectionScreen sectionKey={tab.section} />}
      {tab.media && <MediaScreen tab={tab.media} title={tab.title} />}
    </section>
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
