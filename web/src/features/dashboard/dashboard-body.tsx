import { Link } from 'react-router';
import { useSectionStatus } from '../sections/api.ts';
import { FIRST_IMPRESSION_TAB, builderLink, tabIndicator, StatusBadge } from '../sections/index.ts';
import { SectionCards } from './section-cards.tsx';
import { CvVisibilityCard } from '../public-cv/index.ts';
import { LatestViewsCard } from './latest-views-card.tsx';

/** The dashboard body: first impression hero, CV visibility, latest views and the section cards. */
export function DashboardBody() {
  return (
    <div className="space-y-8">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FirstImpressionHero />
        <CvVisibilityCard />
      </div>
      <LatestViewsCard />
      <SectionCards />
    </div>
  );
}

function FirstImpressionHero() {
  const status = useSectionStatus(FIRST_IMPRESSION_TAB.status);
  const indicator = tabIndicator(FIRST_IMPRESSION_TAB, status.data);
  const done = indicator.label === 'Complete';
  return (
    <section
      aria-labelledby="first-impression-title"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="first-impression-title" className="text-xl font-semibold sm:text-2xl">
          First Impression
        </h2>
        <StatusBadge indicator={indicator} loading={status.isPending} />
      </div>
      <p className="mt-2 max-w-xl text-sm text-brand-100 sm:text-base">
        {done
          ? 'Your video introduction is part of your CV. Employers can watch it when you share your CV.'
          : 'Stand out with a short video introducing yourself. Employers see it first when they open your CV.'}
      </p>
      <Link
        to={builderLink(FIRST_IMPRESSION_TAB.tab)}
        state={{ tab: FIRST_IMPRESSION_TAB.tab }}
        className="mt-5 inline-flex h-11 items-center rounded-lg bg-white px-5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
      >
        {done ? 'View your video' : 'Create your first impression'}
      </Link>
    </section>
  );
}
