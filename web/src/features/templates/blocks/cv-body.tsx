import { Fragment, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { CvData } from '@vitae/core/cv';
import type { TemplateProps } from '../template-props.ts';
import { CvSection, type SectionId } from './cv-section.tsx';
import { CvSheet } from './cv-sheet.tsx';
import { PageFooter } from './page-footer.tsx';
import { PIECES, type PieceId } from './pieces.tsx';
import { SECTION_BLOCKS, type SectionBlock } from './section-blocks.tsx';
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
export type LayoutItem = SectionId | PieceId | SectionSlot | LayoutArea | ComponentType<PieceProps>;

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

/** Renders a layout's areas, pieces and sections with a theme; a section without data renders nothing. */
export function CvBody({ data, theme, layout }: BodyProps) {
  const renderItem = (item: LayoutItem, heading: HeadingTheme, key: number): ReactNode => {
    if (typeof item === 'function') {
      const Decoration = item;
      return <Decoration key={key} data={data} />;
    }
    if (typeof item === 'string' && Object.hasOwn(PIECES, item)) {
      return <Fragment key={key}>{PIECES[item as PieceId](data, theme, heading)}</Fragment>;
    }
    if (typeof item === 'object' && 'items' in item) {
      const Area = item.as ?? 'div';
      const inner = item.heading ?? heading;
      return (
        <Area key={key} className={item.className} style={item.style}>
          {item.items.map((child, i) => renderItem(child, inner, i))}
        </Area>
      );
    }
    const slot = typeof item === 'string' ? { id: item as SectionId } : item;
    const block: SectionBlock = SECTION_BLOCKS[slot.id];
    if (!block.has(data)) return null;
    const { className, before, after } = slot.heading ?? heading;
    return (
      <CvSection
        key={key}
        id={slot.id}
        title={layout.titles?.[slot.id] ?? block.title}
        label={slot.label}
        className={slot.className}
        headingClassName={className}
        before={typeof before === 'function' ? before({ id: slot.id, icon: block.icon }) : before}
        after={after}
      >
        {block.render(data, theme, layout.lists?.[slot.id])}
      </CvSection>
    );
  };
  return <>{layout.items.map((item, i) => renderItem(item, theme.heading, i))}</>;
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
      <CvSheet layout={id} className={className} style={style}>
        <PageFooter data={data} />
        <CvBody data={data} theme={theme} layout={layout} />
      </CvSheet>
    );
  };
}
