import { useCallback, useEffect, useRef, useState } from 'react';

/** How long Undo stays offered; the clock stops while the pointer or focus is on the toast. */
export const UNDO_MS = 6000;

/**
 * A delete that waits UNDO_MS before it reaches the server, so Undo only has to forget it:
 * the entry keeps its id, position and date. The wait ends early (the delete is sent) when
 * another entry is deleted, when the editor goes away and, with `keepalive`, when the page does.
 */
export function useDeferredDelete(
  commit: (id: string) => void,
  commitOnUnload: (id: string) => void,
) {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const latest = useRef({ commit, commitOnUnload });
  useEffect(() => {
    latest.current = { commit, commitOnUnload };
  });

  const flush = useCallback(() => {
    const id = pending.current;
    if (!id) return;
    pending.current = null;
    setPendingId(null);
    latest.current.commit(id);
  }, []);

  const schedule = useCallback(
    (id: string) => {
      flush();
      pending.current = id;
      setPendingId(id);
    },
    [flush],
  );

  const undo = useCallback(() => {
    pending.current = null;
    setPendingId(null);
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      const id = pending.current;
      if (!id) return;
      pending.current = null;
      setPendingId(null);
      latest.current.commitOnUnload(id);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the section (another tab, another page): the user did not undo, so delete.
      const id = pending.current;
      pending.current = null;
      if (id) latest.current.commit(id);
    };
  }, []);

  return { pendingId, schedule, undo, flush };
}

/**
 * The snackbar offering Undo. It is announced (role status) but takes no focus; it sits
 * first in the editor, so a keyboard user reaches Undo with one Tab from where the list
 * puts focus after a delete. Escape is not used: it would be too easy to lose the chance.
 */
export function UndoToast({
  message,
  onUndo,
  onExpire,
  ms = UNDO_MS,
}: {
  message: string;
  onUndo: () => void;
  onExpire: () => void;
  ms?: number;
}) {
  const [paused, setPaused] = useState(false);
  const left = useRef(ms);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const t = setTimeout(() => expire.current(), left.current);
    return () => {
      clearTimeout(t);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [paused]);

  const hold = () => setPaused(true);
  const release = () => setPaused(false);
  return (
    <div
      className="fixed inset-x-3 bottom-3 z-40 flex justify-center sm:inset-x-auto sm:bottom-6 sm:left-1/2 sm:-translate-x-1/2"
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
    >
      <div
        role="status"
        className="flex w-full items-center gap-4 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg sm:w-auto sm:min-w-80"
      >
        <p className="mr-auto">{message}</p>
        <button
          type="button"
          onClick={onUndo}
          className="-my-1 rounded-md px-3 py-1.5 font-semibold text-brand-200 underline-offset-2 hover:bg-white/10 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
        >
          Undo
        </button>
      </div>
    </div>
  );
}
