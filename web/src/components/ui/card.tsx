import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** A white surface with a subtle border and shadow. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}
      {...rest}
    />
  );
}
