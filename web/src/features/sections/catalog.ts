import { SECTION_CATALOG } from 'virtual:section-catalog';
import { indicatorOfKind, MEDIA_INDICATOR_KIND, type IndicatorKind } from '@vitae/core/indicators';
import type { SectionCatalogEntry, SectionKey } from '@vitae/core/sections/index';
import type { StatusKey } from '@vitae/core/section-status';

/*
 * The builder's tabs and the dashboard's cards (docs/product/builder.md#tabs): tab key, title, the
 * status it shows and what it edits. A section's tab, title, blurb and indicator come from its
 * core definition, inlined at build time: the registry itself would bring zod and every
 * section's schema into the dashboard (decision 0008 §0014).
 */

export type MediaTab = 'photo' | 'certificates' | 'firstImpression';

export interface TabDef {
  /** The builder tab key (?tab=...). */
  tab: string;
  title: string;
  /** One line under the title on the dashboard card. */
  blurb: string;
  status: StatusKey;
  /** How its status number becomes the badge (core/src/indicators.ts). */
  indicator: IndicatorKind;
  /** A data section edited by the generic editors... */
  section?: SectionKey;
  /** ...or a media screen built by the media feature. */
  media?: MediaTab;
}

export const FIRST_IMPRESSION_TAB: TabDef = {
  tab: 'firstImpression',
  title: 'First Impression',
  blurb: 'A 30-second video introducing yourself to employers.',
  status: 'first-impression',
  indicator: MEDIA_INDICATOR_KIND['first-impression'],
  media: 'firstImpression',
};

/** The tab of a data section: its key, title, blurb and indicator from the section's definition. */
const sectionTab = (entry: SectionCatalogEntry<SectionKey>): TabDef => ({
  tab: entry.tab,
  title: entry.label,
  blurb: entry.blurb,
  status: entry.key,
  indicator: entry.indicator,
  section: entry.key,
});

const PHOTO_CARD: TabDef = {
  tab: 'photo',
  title: 'Profile Photo',
  blurb: 'A clear, friendly photo of you.',
  status: 'photo',
  indicator: MEDIA_INDICATOR_KIND.photo,
  media: 'photo',
};

const CERTIFICATES_CARD: TabDef = {
  tab: 'certificates',
  title: 'Certificates',
  blurb: 'Proof of your qualifications and achievements.',
  status: 'certificate',
  indicator: MEDIA_INDICATOR_KIND.certificate,
  media: 'certificates',
};

/**
 * The media cards and their places among the 14 (docs/product/dashboard.md#section-cards): the
 * photo leads, certificates follow the education sections.
 */
const MEDIA_CARDS: Array<[index: number, card: TabDef]> = [
  [0, PHOTO_CARD],
  [8, CERTIFICATES_CARD],
];

/**
 * The 14 section cards of the dashboard, in the product's order
 * (docs/product/dashboard.md#section-cards): the data sections in registry order, media cards in
 * their places.
 */
export const SECTION_CARDS: TabDef[] = MEDIA_CARDS.reduce(
  (cards, [index, card]) => cards.toSpliced(index, 0, card),
  SECTION_CATALOG.map(sectionTab),
);

/** Every builder tab: the first impression, then the cards' sections. */
export const BUILDER_TABS: TabDef[] = [FIRST_IMPRESSION_TAB, ...SECTION_CARDS];

/**
 * A builder tab about the whole CV rather than one section (issue 17): no status, no dashboard
 * card; the builder lists these above the sections and shows the live preview beside them.
 */
export interface ToolTab extends Omit<TabDef, 'status' | 'indicator'> {
  /** Which screen builder-page.tsx draws for it. */
  tool: string;
}

/** The sections' order, visibility and titles (web/src/features/arrangement). */
export const LAYOUT_TAB: ToolTab = {
  tab: 'layout',
  title: 'Layout',
  blurb: 'Put your sections in order, hide the ones you do not need and rename them.',
  tool: 'layout',
};

/** The CV's accent colour, font, text size, spacing and paper (web/src/features/design). */
export const DESIGN_TAB: ToolTab = {
  tab: 'design',
  title: 'Design',
  blurb: "Choose your CV's accent colour, font, text size, spacing and paper size.",
  tool: 'design',
};

/** The user's own sections and their entries (issue 30, web/src/features/custom-sections). */
export const CUSTOM_SECTIONS_TAB: ToolTab = {
  tab: 'customSections',
  title: 'My sections',
  blurb:
    'Add sections of your own, such as volunteering, awards, publications or projects. Order or hide them under Layout.',
  tool: 'customSections',
};

/** The tabs about the whole CV, in the builder's order. */
export const TOOL_TABS: ToolTab[] = [LAYOUT_TAB, DESIGN_TAB, CUSTOM_SECTIONS_TAB];

/** A builder tab: a section's, a media screen's or a whole-CV tool's. */
export type BuilderTab = TabDef | ToolTab;

export const isToolTab = (tab: BuilderTab | undefined): tab is ToolTab =>
  tab !== undefined && 'tool' in tab;

/**
 * docs/product/builder.md#tabs names the interests tab `interest`; the dashboard card says
 * `interests`.
 */
const ALIASES: Record<string, string> = { interest: 'interests' };

/** The tab of a key, or undefined for an unknown key (the builder shows Coming Soon). */
export function findTab(key: string | null | undefined): BuilderTab | undefined {
  if (!key) return undefined;
  const k = ALIASES[key] ?? key;
  return BUILDER_TABS.find((t) => t.tab === k) ?? TOOL_TABS.find((t) => t.tab === k);
}

/** A tab's badge for its status number. */
export const tabIndicator = (tab: TabDef, status: number | null | undefined) =>
  indicatorOfKind(tab.indicator, status);

export const builderLink = (tab: string) => `/app/cv-builder?tab=${encodeURIComponent(tab)}`;
