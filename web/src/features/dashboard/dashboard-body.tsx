import { Link } from 'react-router';
import { firstImpressionIndicator } from '@vitae/core/section-status';
import { Card } from '../../components/ui/card.tsx';
import { useSectionStatus } from '../sections/api.ts';
import { FIRST_IMPRESSION_TAB, builderLink } from '../sections/catalog.ts';
import { StatusBadge } from '../sections/status-badge.tsx';
import { SectionCards } from './section-cards.tsx';

/** The dashboard body: first impression hero, CV visibility and the section cards. */
export function DashboardBody() {
  return (
    <div className="space-y-8">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FirstImpressionHero />
        <CvVisibilityCard />
      </div>
      <SectionCards />
    </div>
  );
}

function FirstImpressionHero() {
  const status = useSectionStatus(FIRST_IMPRESSION_TAB.status);
  const indicator = firstImpressionIndicator(status.data);
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

/* CV VISIBILITY SLOT: the HR issue replaces this card with the TURN ON / TURN OFF listing. */
function CvVisibilityCard() {
  return (
    <Card className="flex flex-col p-6">
      <h2 className="text-lg font-semibold text-slate-900">CV visibility</h2>
      <p className="mt-2 flex-1 text-sm text-slate-600">
        Public listing arrives with the HR release: you will be able to let recruiters find your CV
        and see who viewed it.
      </p>
      <p className="mt-4 inline-flex w-fit rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
        Not listed
      </p>
    </Card>
  );
}
