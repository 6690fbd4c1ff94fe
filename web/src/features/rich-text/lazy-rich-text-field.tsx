import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './rich-text-field.tsx';

/*
 * The editor, loaded when a form with a rich field first opens: TipTap and ProseMirror stay
 * out of the signed-in shell and every public page (e2e/bundle-size.spec.ts).
 */
const RichTextField = lazy(() => import('./rich-text-field.tsx'));

/** While the editor loads: a box of the editor's size, busy, showing the text it will edit. */
function Loading({ rows = 4, id }: Pick<RichTextFieldProps, 'rows' | 'id'>) {
  return (
    <div
      id={id}
      aria-busy="true"
      className="animate-pulse rounded-lg border border-slate-300 bg-slate-50"
      style={{ minHeight: `${rows * 1.5 + 3.5}rem` }}
    >
      <span className="sr-only">Loading the editor…</span>
    </div>
  );
}

export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={<Loading rows={props.rows} id={props.id} />}>
      <RichTextField {...props} />
    </Suspense>
  );
}
