import { formatDateRange } from '@vitae/core/dates';

interface DateRangeProps {
  start: string;
  end: string;
  current?: boolean;
  className?: string;
}

/** "Jan 2020 – Present"; renders nothing when no date is known. */
export function DateRange({ start, end, current = false, className }: DateRangeProps) {
  const text = formatDateRange(start, end, current);
  if (!text) return null;
  return <span className={className ?? 'whitespace-nowrap'}>{text}</span>;
}
