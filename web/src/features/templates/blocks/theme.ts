import type { CSSProperties, ReactNode } from 'react';
import type { CefrLevel } from '@vitae/core/levels';
import type { CvData } from '@vitae/core/cv';
import type { ContactListProps } from './cv-header.tsx';
import type { SectionId } from './cv-section.tsx';
import type { EntryTheme } from './entries.tsx';
import type { IconName } from './icons.tsx';

/** The kinds of entry lists: jobs and projects, studies, people who vouch for you. */
export type EntryGroup = 'work' | 'study' | 'people';

/**
 * How a template looks: the class names and renderers the section blocks read, one per kind of
 * content (entries, prose, ratings, scores, short lists), never per section: the section blocks
 * (section-blocks.tsx) choose the kind a section is drawn as. Which sections show, where and
 * under what titles is the template's layout (cv-body.tsx).
 */
export interface TemplateTheme {
  /** The header pieces a layout places as 'photo', 'name', 'headline' and 'contact'. */
  photo?: string;
  /** Classes of the initials shown without a photo, or false to show nothing. */
  photoPlaceholder?: string | false;
  name?: string;
  nameStyle?: CSSProperties;
  /** The line under the name: the owner's headline (job title). */
  headline?: string;
  /** Without a headline, the lead paragraph's first sentence stands in (templates 09, 10, ink). */
  headlineFromSummary?: boolean;
  contact?: ContactTheme;
  heading: HeadingTheme;
  /** Every entry of the list sections (jobs, studies, people…). */
  entry: EntryTheme;
  /** Per-group entry looks, e.g. people as cards. */
  entries?: Partial<Record<EntryGroup, EntryTheme>>;
  /** The class of every entry list (EntryList's default when unset); `lists` per group. */
  entryList?: string;
  lists?: Partial<Record<EntryGroup, string>>;
  /** The lead paragraph's class, or the whole of it (a photo beside it, quotes). */
  lead: string | ((text: string, data: CvData) => ReactNode);
  /** Facts about the person as a description list. */
  details?: DetailTheme;
  /** Items with one 1–5 rating each. */
  ratings: RatedTheme<RatedItem>;
  /** Items rated for reading, writing and speaking. */
  scores: RatedTheme<ScoredItem>;
  /** A short list of words. */
  shortList: ShortListTheme;
  /** A short list of words that stands out more (often the same look as `shortList`). */
  accentList: ShortListTheme;
}

/** An item with one rating: its name, the 1–5 level (null when unrated) and the level's word. */
export interface RatedItem {
  _id: string;
  name: string;
  level: number | null;
  label: string;
}

/** An item rated 1–5 (null when unrated) for reading, writing and speaking. */
export interface ScoredItem {
  _id: string;
  name: string;
  /** The level word of the average rating ("Proficient"). */
  label: string;
  read: number | null;
  write: number | null;
  speak: number | null;
  /** The CEFR level of the average rating, null when unrated. */
  cefr: CefrLevel | null;
}

/** A section heading: its classes and decoration around the title (hidden from assistive tech). */
export interface HeadingTheme {
  className: string;
  /** One decoration for every heading, or one per section (template 01 shows each block's icon). */
  before?: ReactNode | ((section: { id: SectionId | 'custom'; icon: IconName }) => ReactNode);
  after?: ReactNode;
}

export interface DetailTheme {
  className?: string;
  label?: string;
  value?: string;
  /** A driver's licence without a code reads "Yes" (default) or "Valid". */
  licence?: 'Yes' | 'Valid';
}

/**
 * Rated or scored items: a `ul` of `cv-entry` items (`item` adds classes, `render` fills one),
 * or a function that renders the whole list (template 04's score table).
 */
export type RatedTheme<T> =
  | { className?: string; item?: string; render: (item: T) => ReactNode }
  | ((items: T[]) => ReactNode);

/** A short list of words: tags, a bulleted list, or one line joined with "·". */
export interface ShortListTheme {
  as: 'tags' | 'bullets' | 'inline';
  className?: string;
  item?: string;
  /** Replaces the bullet (bullets only). */
  marker?: ReactNode;
}

/** The contact list; with a title, a section of its own under a heading (sidebars). */
export type ContactTheme = Omit<ContactListProps, 'data'> & { title?: ReactNode };
