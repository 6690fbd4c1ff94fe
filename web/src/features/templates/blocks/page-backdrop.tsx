import type { ComponentType } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { PieceProps } from './cv-body.tsx';

/**
 * A template's paper or sidebar band drawn again on every printed page (print.css,
 * `.cv-page-backdrop`): the sheet's own background and a grid column end where the text ends,
 * which left the last page white below it (03, 04, 05; issue 32). On screen the sheet is one
 * long page, and the backdrop is not drawn.
 */
export function pageBackdrop(className: string): ComponentType<PieceProps> {
  return function PageBackdrop() {
    return <div aria-hidden="true" className={cn('cv-page-backdrop', className)} />;
  };
}
