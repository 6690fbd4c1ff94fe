import { Fragment, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { CvCustomSection, CvData } from '@vitae/core/cv';
import { customKey, type CustomKey } from '@vitae/core/custom-section-keys';
import type { TemplateProps } from '../template-props.ts';
import { arrange, arrangementOf, CONTACT_KEY, reorderSections } from './arranged.ts';
import { CvSection, type SectionId } from './cv-section.tsx';
import { CvSheet } from './cv-sheet.tsx';
import { PageFooter } from './page-footer.tsx';
import { PIECES, type PieceId } from './pieces.tsx';
import { CUSTOM_SECTION_BLOCK, SECTION_BLOCKS, type SectionBlock } from './section-blocks.tsx';
import type { HeadingTheme, TemplateTheme } from './theme.ts';

/**
 * Where a template puts everything: a tree of areas (header, columns, sidebars, grids), each
 * listing sections and header pieces in display order, plus the titles that differ from the
 * section blocks' defaults.
 */
export interface TemplateLayout {
  titles?: Partial<Record<SectionId, string>>;
  /** List classes for a section's entries here, when they differ from its group's in the theme. */
  lists?: Partial<Record<SectionId, string>>;
  items: LayoutItem[];
}

/**
 * A section by id (or with per-place options), a header piece by name, an area wrapping more
 * items, or the template's own decoration drawn with the CV.
 */
export type LayoutItem =
  | SectionId
  | PieceId
  | typeof CUSTOM_SECTIONS
  | SectionSlot
  | LayoutArea
  | ComponentType<PieceProps>;

/**
 * Where a layout puts the sections the user made (issue 30): one section per custom section,
 * in the user's order, where the main column lists its experience-like sections.
 */
export const CUSTOM_SECTIONS = 'custom-sections';

/** One of the user's own sections, in place of the CUSTOM_SECTIONS slot. */
interface CustomItem {
  custom: CvCustomSection;
}

export interface PieceProps {
  data: CvData;
}

export interface SectionSlot {
  id: SectionId;
  /** Classes on the `section` element. */
  className?: string;
  /** The region's accessible name when it differs from the title. */
  label?: string;
  heading?: HeadingTheme;
}

export interface LayoutArea {
  as?: 'div' | 'aside' | 'header';
  className?: string;
  style?: CSSProperties;
  /** Headings of the sections inside (a sidebar's differ from the main column's). */
  heading?: HeadingTheme;
  items: LayoutItem[];
}

/** A heading kept for screen readers and print breaks, not shown (a summary under the name). */
export const HIDDEN_HEADING: HeadingTheme = { className: 'sr-only' };

interface BodyProps {
  data: CvData;
  theme: TemplateTheme;
  layout: TemplateLayout;
}

const isPiece = (item: LayoutItem): item is PieceId =>
  typeof item === 'string' && Object.hasOwn(PIECES, item);

/** The section an item places (a custom one by its arrangement key), if it places one. */
const sectionOf = (item: LayoutItem | CustomItem): SectionId | CustomKey | undefined =>
  typeof item === 'function' || isPiece(item as LayoutItem)
    ? undefined
    : typeof item === 'string'
      ? (item as SectionId)
      : 'custom' in item
        ? customKey(item.custom._id)
        : 'id' in item
          ? item.id
          : undefined;

/**
 * Renders a layout's areas, pieces and sections with a theme; a section without data renders
 * nothing. The CV's arrangement (blocks/arranged.ts) sorts the sections within each area,
 * hides sections and gives them the user's titles; pieces and decorations see the whole CV.
 */
export function CvBody({ data, theme, layout }: BodyProps) {
  const arranged = arrange(data);
  // Where a template heads the contact details (a sidebar's "Contact"), the user's title.
  const contactTitle = arrangementOf(data).titles[CONTACT_KEY];
  // The custom sections slot becomes one item per shown custom section, before the sort.
  const expand = (items: readonly LayoutItem[]): (LayoutItem | CustomItem)[] =>
    items.flatMap((item): (LayoutItem | CustomItem)[] =>
      item === CUSTOM_SECTIONS
        ? arranged.data.customSections
            .filter(CUSTOM_SECTION_BLOCK.has)
            .map((custom): CustomItem => ({ custom }))
        : [item],
    );
  const renderItems = (items: readonly LayoutItem[], heading: HeadingTheme) =>
    reorderSections(expand(items), sectionOf, arranged.rank).map((child, i) =>
      renderItem(child, heading, i),
    );
  const renderCustom = ({ custom }: CustomItem, heading: HeadingTheme) => {
    const { className, before, after } = heading;
    const icon = CUSTOM_SECTION_BLOCK.icon(custom);
    return (
      <CvSection
        key={`custom:${custom._id}`}
        id="custom"
        customId={custom._id}
        title={custom.title}
        headingClassName={className}
        before={typeof before === 'function' ? before({ id: 'custom', icon }) : before}
        after={after}
      >
        {CUSTOM_SECTION_BLOCK.render(custom, theme)}
      </CvSection>
    );
  };
  const renderItem = (
    item: LayoutItem | CustomItem,
    heading: HeadingTheme,
    key: number,
  ): ReactNode => {
    if (typeof item === 'object' && 'custom' in item) return renderCustom(item, heading);
    if (typeof item === 'function') {
      const Decoration = item;
      return <Decoration key={key} data={data} />;
    }
    if (isPiece(item)) {
      if (item === 'contact' && arranged.hidden.has(CONTACT_KEY)) return null;
      const pieceTheme =
        item === 'contact' && contactTitle && theme.contact?.title !== undefined
          ? { ...theme, contact: { ...theme.contact, title: contactTitle } }
          : theme;
      return <Fragment key={key}>{PIECES[item](data, pieceTheme, heading)}</Fragment>;
    }
    if (typeof item === 'object' && 'items' in item) {
      const Area = item.as ?? 'div';
      return (
        <Area key={key} className={item.className} style={item.style}>
          {renderItems(item.items, item.heading ?? heading)}
        </Area>
      );
    }
    const slot = typeof item === 'string' ? { id: item as SectionId } : item;
    const block: SectionBlock = SECTION_BLOCKS[slot.id];
    const shown = arranged.data;
    if (!block.has(shown)) return null;
    const { className, before, after } = slot.heading ?? heading;
    const userTitle = arranged.title(slot.id);
    return (
      <CvSection
        key={key}
        id={slot.id}
        title={userTitle ?? layout.titles?.[slot.id] ?? block.title}
        label={userTitle ?? slot.label}
        className={slot.className}
        headingClassName={className}
        before={typeof before === 'function' ? before({ id: slot.id, icon: block.icon }) : before}
        after={after}
      >
        {block.render(shown, theme, layout.lists?.[slot.id])}
      </CvSection>
    );
  };
  return <>{renderItems(layout.items, theme.heading)}</>;
}

interface TemplateDefinition {
  /** template01..template10 or ink-friendly: the sheet's `data-cv-layout`. */
  id: string;
  /** The sheet's paper: background, padding, type. */
  className: string;
  style?: CSSProperties;
  theme: TemplateTheme;
  layout: TemplateLayout;
}

/** A template component: the A4 sheet with the layout drawn in the theme. */
export function defineTemplate(template: TemplateDefinition): ComponentType<TemplateProps> {
  const { id, className, style, theme, layout } = template;
  return function Template({ data }: TemplateProps) {
    return (
      <CvSheet layout={id} design={data.design} className={className} style={style}>
        <PageFooter data={data} />
        <CvBody data={data} theme={theme} layout={layout} />
      </CvSheet>
    );
  };
}
