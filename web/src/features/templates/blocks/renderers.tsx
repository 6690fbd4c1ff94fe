import type { ComponentProps, ReactNode } from 'react';
import type { CvLanguage, CvSkill } from '@vitae/core/cv';
import { languageRatings, RatingBar } from './ratings.tsx';

/** Skill and language renderers most templates share, styled by the classes they are given. */

interface SkillBarTheme {
  /** A row with the name and a note beside it: the skill's label, or its level ("4/5"). */
  row?: string;
  note?: 'label' | 'level';
  noteClassName?: string;
  /** The name's class; without a row or a class the name is bare text. */
  name?: string;
  bar: Omit<ComponentProps<typeof RatingBar>, 'value'>;
}

/** The skill's name: bare, in a span, or in a row with the note beside it. */
function skillName(s: CvSkill, theme: SkillBarTheme): ReactNode {
  if (!theme.row) return theme.name ? <span className={theme.name}>{s.skill}</span> : s.skill;
  const note = theme.note === 'label' ? s.label : <>{s.level ?? '–'}/5</>;
  return (
    <div className={theme.row}>
      <span className={theme.name}>{s.skill}</span>
      <span className={theme.noteClassName}>{note}</span>
    </div>
  );
}

/** A skill's name (with an optional note) over a proficiency bar. */
export function skillBar(theme: SkillBarTheme) {
  return (s: CvSkill): ReactNode => (
    <>
      {skillName(s, theme)}
      <RatingBar value={s.level} {...theme.bar} />
    </>
  );
}

interface LanguageLineTheme {
  /** A `div` around name and line, when the list item needs its own classes. */
  wrap?: string;
  name?: string;
  line: string;
  /** The line under the name (ratings, proficiency); nothing when empty. */
  text: (language: CvLanguage) => ReactNode;
}

/** A language's name with one line under it. */
export function languageLine(theme: LanguageLineTheme) {
  return (l: CvLanguage): ReactNode => {
    const text = theme.text(l);
    const body = (
      <>
        <span className={theme.name}>{l.languageName}</span>
        {text && <span className={theme.line}>{text}</span>}
      </>
    );
    return theme.wrap ? <div className={theme.wrap}>{body}</div> : body;
  };
}

/** A language over "Read 4/5 · Write 3/5 · Speak 5/5" in small grey type (templates 09, 10). */
export const languageRatingsLine = (name: string) =>
  languageLine({
    wrap: 'text-sm',
    name,
    line: 'block text-xs text-stone-500',
    text: languageRatings,
  });
