import { Suspense } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { lazyWithRetry } from '../../lib/lazy-retry.ts';
import { SCREENING_TITLE, type ScreeningCheckProps } from './screening-check-props.ts';

/** The panel, kept out of the signed-in shell's bundle until it is opened. */
const ScreeningCheckPanel = lazyWithRetry(() => import('./screening-check-panel.tsx'));

/** "What a screening system reads": the panel, loaded on its first opening. */
export function ScreeningCheck(props: ScreeningCheckProps) {
  if (!props.open) return null;
  return (
    <Suspense
      fallback={
        <Dialog open onClose={props.onClose} title={SCREENING_TITLE} size="lg">
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Spinner size="sm" /> Loading…
          </p>
        </Dialog>
      }
    >
      <ScreeningCheckPanel {...props} />
    </Suspense>
  );
}
