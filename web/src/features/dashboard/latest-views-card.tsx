import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LatestView } from '@vitae/core/share';
import { Card } from '../../components/ui/card.tsx';
import { api } from '../../lib/api.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { DEVICE_LABELS, when } from '../my-shares/index.ts';

const latestViewsKey = ['latest-views'] as const;

function useLatestViews() {
  return useQuery({
    queryKey: latestViewsKey,
    queryFn: ({ signal }) => api.get<{ data: LatestView[] }>('/api/views/latest', { signal }),
    // The video figure grows after the view is announced (no event says so): read it afresh
    // whenever the card is shown or the tab comes back, so it matches the share's trail.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}

/** The dashboard's latest views across every share and the public listing, live. */
export function LatestViewsCard() {
  const client = useQueryClient();
  const views = useLatestViews();
  const refresh = () => void client.invalidateQueries({ queryKey: latestViewsKey });
  useSocketEvent('cv-viewed', refresh);
  useSocketEvent('public-cv-viewed', refresh);
  const list = views.data?.data ?? [];

  return (
    <Card className="flex flex-col gap-3 p-6" aria-labelledby="latest-views-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="latest-views-title" className="text-lg font-semibold text-slate-900">
          Latest views
        </h2>
        <Link to="/app/my-shares" className="text-sm font-semibold text-brand-700 hover:underline">
          See my shares
        </Link>
      </div>
      {views.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : views.isError ? (
        <p className="text-sm text-slate-600">Latest views could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No one has viewed your CV yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((v) => (
            <LatestViewRow key={`${v.source}-${v._id}`} view={v} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function LatestViewRow({ view }: { view: LatestView }) {
  // Both kinds carry the device and video watched (HR views since issue 14's listing trail).
  const details = [
    view.source === 'hr' && 'HR user, public listing',
    view.deviceKind && DEVICE_LABELS[view.deviceKind],
    view.videoPercent !== undefined && `Video watched ${view.videoPercent}%`,
  ];
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <span className="min-w-0 break-words font-medium text-slate-900">{view.who}</span>
      <span className="text-slate-600">
        <time dateTime={view.viewedAt}>{when(view.viewedAt)}</time>
        {' · '}
        {details.filter(Boolean).join(' · ')}
      </span>
    </li>
  );
}
