import { RATING_MAX, ratingPercent, ratingStars, ratingText } from '@vitae/core/ratings';
import { cn } from '../../../lib/cn.ts';
import type { ScoredItem } from './theme.ts';

function ratingLabel(value: number | null): string {
  return value === null ? 'Not rated' : `${value} out of ${RATING_MAX}`;
}

interface BarProps {
  value: number | null;
  trackClassName?: string;
  fillClassName?: string;
  className?: string;
}

/** A bar whose width is proficiency/5, capped at 100 %. */
export function RatingBar({ value, trackClassName, fillClassName, className }: BarProps) {
  // An unrated skill shows no level at all, not an empty bar that reads as "none".
  if (value === null) return null;
  return (
    <div
      role="img"
      aria-label={ratingLabel(value)}
      className={cn(
        'h-1.5 w-full overflow-hidden rounded-full',
        trackClassName ?? 'bg-slate-200',
        className,
      )}
    >
      <div
        data-testid="rating-fill"
        className={cn('h-full rounded-full', fillClassName ?? 'bg-slate-700')}
        style={{ width: `${ratingPercent(value)}%` }}
      />
    </div>
  );
}

interface StarsProps {
  value: number | null;
  filledClassName?: string;
  emptyClassName?: string;
  className?: string;
}

/** Five stars, the first `value` of them filled. */
export function RatingStars({ value, filledClassName, emptyClassName, className }: StarsProps) {
  if (value === null) return null;
  const { filled, empty } = ratingStars(value);
  const star = (on: boolean, i: number) => (
    <span
      key={i}
      className={on ? (filledClassName ?? 'text-amber-500') : (emptyClassName ?? 'text-slate-300')}
    >
      {on ? '★' : '☆'}
    </span>
  );
  return (
    <span
      role="img"
      aria-label={ratingLabel(value)}
      className={cn('whitespace-nowrap tracking-tight', className)}
    >
      {Array.from({ length: filled }, (_, i) => star(true, i))}
      {Array.from({ length: empty }, (_, i) => star(false, filled + i))}
    </span>
  );
}

/** "4/5", or "N/A" when missing (the ink-friendly layout). */
export function RatingNumber({ value, className }: { value: number | null; className?: string }) {
  return <span className={cn('tabular-nums', className)}>{ratingText(value)}</span>;
}

/** A row of five small blocks (template 05). */
export function RatingBlocks({
  value,
  onClassName,
  offClassName,
}: {
  value: number;
  onClassName: string;
  offClassName: string;
}) {
  return (
    <span role="img" aria-label={ratingLabel(value)} className="flex gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <span
          key={i}
          className={cn('h-2 w-4 rounded-sm', i < value ? onClassName : offClassName)}
        />
      ))}
    </span>
  );
}

/** " · CEFR C1" after the 1–5 scores (core/src/levels.ts); nothing when unrated. */
export function cefrNote(s: Pick<ScoredItem, 'cefr'>, separator = ' · ') {
  return s.cefr ? `${separator}CEFR ${s.cefr}` : '';
}

/** "Read 4/5 · Write 3/5 · Speak 5/5 · CEFR C1", with a dash for a missing rating. */
export function scoresText(s: ScoredItem) {
  const { read, write, speak } = s;
  // Numbers as text nodes of their own: the browser kerns "5/5" as the templates always did.
  return (
    <>
      Read {read ?? '–'}/5 · Write {write ?? '–'}/5 · Speak {speak ?? '–'}/5{cefrNote(s)}
    </>
  );
}
