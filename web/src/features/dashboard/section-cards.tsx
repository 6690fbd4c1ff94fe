import { memo } from 'react';
import { Link } from 'react-router';
import { useStatuses } from '../sections/api.ts';
import {
  SECTION_CARDS,
  builderLink,
  tabIndicator,
  type TabDef,
  StatusBadge,
} from '../sections/index.ts';

/**
 * The 14 section cards, their statuses fetched in parallel
 * (docs/product/dashboard.md#section-cards).
 */
export function SectionCards() {
  const statuses = useStatuses(SECTION_CARDS.map((c) => c.status));
  return (
    <section aria-labelledby="cv-sections-title">
      <h2 id="cv-sections-title" className="text-lg font-semibold text-slate-900">
        Your CV sections
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Open a section to add or edit it. The badge shows how complete it is.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {SECTION_CARDS.map((card, i) => (
          <li key={card.tab}>
            <SectionCard
              card={card}
              status={statuses[i]?.data}
              loading={statuses[i]?.isPending ?? true}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One card; memoised because the list re-renders as each of its 14 statuses arrives, and only
 * that card changed (on a slow phone those renders were the dashboard's long tasks).
 */
export const SectionCard = memo(function SectionCard({
  card,
  status,
  loading,
}: {
  card: TabDef;
  status: number | undefined;
  loading: boolean;
}) {
  const indicator = tabIndicator(card, status);
  return (
    <Link
      to={builderLink(card.tab)}
      state={{ tab: card.tab }}
      data-card={card.tab}
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">{card.title}</h3>
        <StatusBadge indicator={indicator} loading={loading} />
      </div>
      <p className="mt-1 flex-1 text-sm text-slate-600">{card.blurb}</p>
      <span className="mt-3 text-sm font-semibold text-brand-700" aria-hidden="true">
        Edit section →
      </span>
    </Link>
  );
});
