import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDay } from '@vitae/core/dates';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Success banners vanish after 3 seconds (docs/product/builder.md#common-behaviour). */
export const SUCCESS_MS = 3000;
/** After a save on a non-empty list the form closes after 1 second. */
export const CLOSE_FORM_MS = 1000;

/** A message that clears itself after `ms`; a new message restarts the clock. */
export function useFlash(ms = SUCCESS_MS): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(
    (m: string) => {
      clearTimeout(timer.current);
      setMessage(m);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, flash];
}

export function LastUpdated({ value }: { value?: string | null }) {
  if (!value) return null;
  return <p className="text-xs text-slate-600">Last updated: {formatDay(value)}</p>;
}

export function SectionLoading() {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600">
      <Spinner className="text-brand-600" />
      Loading...
    </div>
  );
}

/** The success banner and the error banner of a section screen. */
export function Messages({
  success,
  error,
  onCloseError,
}: {
  success: string | null;
  error: ReactNode;
  onCloseError: () => void;
}) {
  return (
    <>
      {success && <Banner tone="success">{success}</Banner>}
      {error && (
        <Banner tone="error" onClose={onCloseError}>
          {error}
        </Banner>
      )}
    </>
  );
}

/** The question under an entry whose Delete was pressed: delete it, or keep it. */
export function ConfirmEntryDelete({
  onDelete,
  onCancel,
}: {
  onDelete: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="group"
      aria-label="Confirm delete"
      className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2"
    >
      <p className="mr-auto text-sm font-medium text-red-900">Delete this entry?</p>
      <Button variant="danger" size="sm" onClick={onDelete}>
        Yes, Delete
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
