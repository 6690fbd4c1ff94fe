import type { ReactNode } from 'react';
import { visibleText } from '@vitae/core/rich-text';

/** How a list entry reads: a title line, an optional meta line and an optional body. */
export function EntryText({
  title,
  meta,
  body,
}: {
  title: ReactNode;
  meta?: ReactNode;
  body?: ReactNode;
}) {
  return (
    <>
      <p className="font-semibold text-slate-900">{title}</p>
      {meta && <p className="text-sm text-slate-700">{meta}</p>}
      {body && (
        <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-600">
          {typeof body === 'string' ? visibleText(body) : body}
        </p>
      )}
    </>
  );
}

/** A 1..5 level as five small bars plus the text "4/5 - Experienced" (not colour alone). */
export function Level({ label, value, text }: { label: string; value: number; text?: string }) {
  if (!value) {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-slate-700">
        <span className="min-w-12">{label}</span>
        <span className="text-slate-500">Not rated</span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-700">
      <span className="min-w-12">{label}</span>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {[1, 2, 3, 4, 5].map((n) => (
          <span
            key={n}
            className={
              n <= value ? 'h-2 w-4 rounded-sm bg-brand-600' : 'h-2 w-4 rounded-sm bg-slate-200'
            }
          />
        ))}
      </span>
      <span>
        {value}/5{text ? ` - ${text}` : ''}
      </span>
    </span>
  );
}

export const joined = (...parts: Array<string | null | undefined>) =>
  parts.filter((p) => p && p.trim()).join(' · ');
