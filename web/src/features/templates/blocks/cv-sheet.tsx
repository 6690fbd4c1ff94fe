import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import '../print.css';

interface CvSheetProps {
  /** template01..template10, or "ink-friendly". */
  layout: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The paper: A4 wide on screen, the full printable area in print. Templates print with their
 * colours; the ink-friendly layout prints black on white.
 */
export function CvSheet({ layout, className, style, children }: CvSheetProps) {
  const ink = layout === 'ink-friendly';
  return (
    <div
      data-cv-layout={layout}
      style={style}
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
