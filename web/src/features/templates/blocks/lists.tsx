import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

interface ListProps {
  items: Array<{ key: string; text: string }>;
  className?: string;
  itemClassName?: string;
}

/** Short items (interests, attributes, subjects) as tags. */
export function TagList({ items, className, itemClassName }: ListProps) {
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {items.map((item) => (
        <li key={item.key} className={itemClassName ?? 'rounded bg-slate-100 px-2 py-0.5'}>
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/** Short items as a bulleted list; `marker` replaces the default bullet. */
export function BulletList({
  items,
  className,
  itemClassName,
  marker,
}: ListProps & { marker?: ReactNode }) {
  return (
    <ul className={cn(marker ? 'space-y-1' : 'list-disc space-y-1 pl-5', className)}>
      {items.map((item) => (
        <li key={item.key} className={cn(marker && 'flex gap-2', itemClassName)}>
          {marker && <span aria-hidden="true">{marker}</span>}
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
