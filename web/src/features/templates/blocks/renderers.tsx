import type { ComponentProps, ReactNode } from 'react';
import { RatingBar, scoresText } from './ratings.tsx';
import type { RatedItem, ScoredItem } from './theme.ts';

/** Rated and scored item renderers most templates share, styled by the classes they are given. */

interface RatingBarTheme {
  /** A row with the name and a note beside it: the level's word, or the level ("4/5"). */
  row?: string;
  note?: 'label' | 'level';
  noteClassName?: string;
  /** The name's class; without a row or a class the name is bare text. */
  name?: string;
  bar: Omit<ComponentProps<typeof RatingBar>, 'value'>;
}

/** The item's name: bare, in a span, or in a row with the note beside it. */
function ratedName(r: RatedItem, theme: RatingBarTheme): ReactNode {
  if (!theme.row) return theme.name ? <span className={theme.name}>{r.name}</span> : r.name;
  // Unrated: the name alone, no made-up or empty level.
  const note = theme.note === 'label' ? r.label : r.level === null ? null : <>{r.level}/5</>;
  return (
    <div className={theme.row}>
      <span className={theme.name}>{r.name}</span>
      <span className={theme.noteClassName}>{note}</span>
    </div>
  );
}

/** An item's name (with an optional note) over a rating bar. */
export function ratingBar(theme: RatingBarTheme) {
  return (r: RatedItem): ReactNode => (
    <>
      {ratedName(r, theme)}
      <RatingBar value={r.level} {...theme.bar} />
    </>
  );
}

interface ScoreLineTheme {
  /** A `div` around name and line, when the list item needs its own classes. */
  wrap?: string;
  name?: string;
  line: string;
  /** The line under the name (scores, level word); nothing when empty. */
  text: (item: ScoredItem) => ReactNode;
}

/** A scored item's name with one line under it. */
export function scoreLine(theme: ScoreLineTheme) {
  return (s: ScoredItem): ReactNode => {
    const text = theme.text(s);
    const body = (
      <>
        <span className={theme.name}>{s.name}</span>
        {text && <span className={theme.line}>{text}</span>}
      </>
    );
    return theme.wrap ? <div className={theme.wrap}>{body}</div> : body;
  };
}

/** A name over "Read 4/5 · Write 3/5 · Speak 5/5" in small grey type (templates 09, 10). */
export const greyScoreLine = (name: string) =>
  scoreLine({
    wrap: 'text-sm',
    name,
    line: 'block text-xs text-stone-500',
    text: scoresText,
  });
