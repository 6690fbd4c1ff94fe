import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_DESIGN, type CvDesign } from '@vitae/core/design';
import { api } from '../../lib/api.ts';
import { cvDataKey, type CvDataResponse } from '../cv/api.ts';

/** The design in the cached one-request CV (absent from an older server: the template's own). */
export const designOf = (response: CvDataResponse | undefined): CvDesign =>
  (response?.data as { design?: CvDesign } | undefined)?.design ?? DEFAULT_DESIGN;

type Status = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Saves the CV's design: the cached CV (View CV, the preview beside the tab) shows a change
 * at once; saves go one at a time, the latest choice last, so quick changes (dragging in the
 * colour picker) end on the server as they ended on screen. A failed save puts back what the
 * server last accepted.
 */
export function useSaveDesign() {
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<unknown>(null);
  const state = useRef<{
    saved: CvDesign | null;
    /** The last design shown: quick changes build on it before the cache re-renders. */
    shown: CvDesign | null;
    wanted: CvDesign | null;
    busy: boolean;
  }>({ saved: null, shown: null, wanted: null, busy: false });

  const show = useCallback(
    (design: CvDesign) => {
      state.current.shown = design;
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old ? { ...old, data: { ...old.data, design } } : old,
      );
    },
    [client],
  );

  const pump = useCallback(async () => {
    const s = state.current;
    if (s.busy) return;
    s.busy = true;
    try {
      while (s.wanted) {
        const next = s.wanted;
        s.wanted = null;
        setStatus('saving');
        try {
          const res = await api.put<{ design: CvDesign }>('/api/curriculum-vitae/design', next);
          s.saved = res.design;
          if (!s.wanted) setStatus('saved');
          setError(null);
        } catch (err) {
          if (!s.wanted) {
            if (s.saved) show(s.saved);
            setStatus('error');
            setError(err);
          }
        }
      }
    } finally {
      s.busy = false;
      // Settled: the cache (and so the screen) holds the design from here on.
      s.shown = null;
    }
  }, [show]);

  /** Changes part of the design (`current`: the design on screen), or all of it. */
  const save = useCallback(
    (part: Partial<CvDesign>, current: CvDesign) => {
      const s = state.current;
      s.saved ??= current;
      const design = { ...(s.shown ?? current), ...part };
      s.wanted = design;
      show(design);
      void pump();
    },
    [pump, show],
  );

  return { save, status, error };
}
