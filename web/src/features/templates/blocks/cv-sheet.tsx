import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { CV_FONTS, type CvDesign } from '@vitae/core/design';
import { designVariables } from '@vitae/core/design-theme';
import { cn } from '../../../lib/cn.ts';
import { loadFont } from './fonts.ts';
import '../print.css';

interface CvSheetProps {
  /** template01..template10, or "ink-friendly". */
  layout: string;
  /** The CV's design (issue 17); absent or default: the template as it is. */
  design?: CvDesign | null;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The paper: A4 wide on screen, the full printable area in print. Templates print with their
 * colours; the ink-friendly layout prints black on white.
 *
 * The design reaches every template here, as CSS variables Tailwind's classes read: the
 * template's accent families (`--color-teal-*`…), the type steps (`--text-*`) and the font
 * families; the spacing density is `data-cv-density` (print.css, which knows print's own
 * spacing). docs/decisions/0011-cv-design.md.
 */
export function CvSheet({ layout, design, className, style, children }: CvSheetProps) {
  const ink = layout === 'ink-friendly';
  const font = CV_FONTS.find((f) => f.id === design?.font);
  const sheetStyle = useMemo(() => {
    const vars = designVariables(design, layout);
    if (Object.keys(vars).length === 0) return style;
    return { ...style, ...vars, ...(font && { fontFamily: font.stack }) } as CSSProperties;
  }, [design, layout, style, font]);

  useEffect(() => {
    if (font) void loadFont(font.id);
  }, [font]);

  const density = design?.density && design.density !== 'normal' ? design.density : undefined;
  return (
    <div
      data-cv-layout={layout}
      data-cv-density={density}
      data-cv-font={font?.id}
      style={sheetStyle}
      className={cn(
        'cv-sheet mx-auto w-full max-w-[210mm] min-h-[297mm] overflow-hidden shadow-lg print:shadow-none',
        ink ? 'cv-ink' : 'cv-template',
        className,
      )}
    >
      {children}
    </div>
  );
}
