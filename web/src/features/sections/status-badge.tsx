import type { Indicator, IndicatorTone } from '@vitae/core/section-status';
import { cn } from '../../lib/cn.ts';

/** Text colours meet AA on their tinted backgrounds; the label always carries the meaning. */
const TONES: Record<IndicatorTone, { box: string; dot: string; name: string }> = {
  red: { box: 'border-red-200 bg-red-50 text-red-800', dot: 'bg-red-600', name: 'needs attention' },
  orange: {
    box: 'border-orange-200 bg-orange-50 text-orange-800',
    dot: 'bg-orange-500',
    name: 'started',
  },
  yellow: {
    box: 'border-yellow-300 bg-yellow-50 text-yellow-900',
    dot: 'bg-yellow-400',
    name: 'getting there',
  },
  green: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    dot: 'bg-emerald-600',
    name: 'good',
  },
};

/** A section's indicator: a coloured pill with its label ("60%", "2 added", "Complete"). */
export function StatusBadge({
  indicator,
  loading = false,
  className,
}: {
  indicator: Indicator;
  loading?: boolean;
  className?: string;
}) {
  if (loading) {
    return (
      <span
        className={cn('inline-flex h-6 w-16 animate-pulse rounded-full bg-slate-200', className)}
        aria-label="Loading status"
      />
    );
  }
  const t = TONES[indicator.tone];
  return (
    <span
      data-tone={indicator.tone}
      title={t.name}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        t.box,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', t.dot)} />
      {indicator.label}
    </span>
  );
}
