import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { dateTimeLabel, dayLabel } from '../../lib/dates.ts';
import { RANK_LABELS, initialsOf, type HrRankValue } from '@vitae/core/hr';
import { SignedInHeader } from '../../components/signed-in-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { cn } from '../../lib/cn.ts';
import { useDashboardSwitch } from '../../lib/use-dashboard-switch.ts';
import { NotificationBell } from '../notifications/index.ts';

export const shortDate = (iso: string | null | undefined) => (iso ? dayLabel(iso) : 'Never');
export const dateTime = (iso: string) => dateTimeLabel(iso);

/**
 * Rank colours (docs/product/public-listing-and-hr.md#ranks): excellent green, good blue, fair
 * orange, poor red, unrated grey.
 */
const RANK_CLASSES: Record<HrRankValue, string> = {
  excellent: 'bg-emerald-100 text-emerald-800 border-emerald-200',
  good: 'bg-blue-100 text-blue-800 border-blue-200',
  fair: 'bg-orange-100 text-orange-800 border-orange-200',
  poor: 'bg-red-100 text-red-800 border-red-200',
  null: 'bg-slate-100 text-slate-700 border-slate-200',
};

export function RankBadge({ rank }: { rank: HrRankValue }) {
  return (
    <span
      data-rank={rank}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        RANK_CLASSES[rank] ?? RANK_CLASSES.null,
      )}
    >
      {RANK_LABELS[rank] ?? 'Unrated'}
    </span>
  );
}

export function Initials({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-base font-bold text-brand-800"
    >
      {initialsOf(name)}
    </span>
  );
}

/** Non-HR users are sent to the introduction page (where they can enable the dashboard). */
export function RequireHr({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user && !user.isHR) return <Navigate to="/hr-introduction" replace />;
  return children;
}

/** HR screens' header: HR title, welcome line, Browse CVs / HR Dashboard, CV Dashboard switch. */
export function HrHeader({ title, current }: { title: string; current: 'dashboard' | 'browse' }) {
  const { switching, switchTo } = useDashboardSwitch();
  return (
    <SignedInHeader
      home="/app/hr-dashboard"
      bell={<NotificationBell />}
      kicker={title}
      navLabel="HR actions"
      nav={
        <>
          {current === 'dashboard' ? (
            <ButtonLink to="/app/hr-browse-cvs" variant="primary">
              Browse CVs
            </ButtonLink>
          ) : (
            <ButtonLink to="/app/hr-dashboard" variant="secondary">
              HR Dashboard
            </ButtonLink>
          )}
          <SwitchButton
            label="CV Dashboard"
            checked={false}
            onChange={() => switchTo('/app/dashboard', 'Switching to CV Dashboard...')}
          />
        </>
      }
    >
      {switching && <FullScreenLoader message={switching} />}
    </SignedInHeader>
  );
}

export function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
    </div>
  );
}
