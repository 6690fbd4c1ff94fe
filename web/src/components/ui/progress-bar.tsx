import { cn } from '../../lib/cn.ts';

/**
 * A 0–100 progress bar with an accessible name. `showValue` prints the percentage
 * under it; `trackClassName` colours the empty part (white on a tinted panel).
 */
export function ProgressBar({
  value,
  label = 'Upload progress',
  showValue = false,
  trackClassName = 'bg-slate-200',
}: {
  value: number;
  label?: string;
  showValue?: boolean;
  trackClassName?: string;
}) {
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cn('h-2 overflow-hidden rounded', trackClassName)}
    >
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${value}%` }} />
    </div>
  );
  if (!showValue) return bar;
  return (
    <div>
      {bar}
      <p className="mt-1 text-xs text-slate-600">{value}%</p>
    </div>
  );
}
