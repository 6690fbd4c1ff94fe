import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EMPTY_ARRANGEMENT, type CvArrangement } from '@vitae/core/cv';
import { api, errorMessage } from '../../lib/api.ts';
import { cvDataKey, type CvDataResponse } from '../cv/api.ts';

/**
 * What a failed save says (ours, issue 17: docs/api-deviations.md); the layout goes back to the
 * saved one.
 */
export const ARRANGEMENT_SAVE_FAILED = 'Your layout could not be saved. Please try again.';

/** The arrangement of the cached one-request CV (empty from an older server). */
export const cachedArrangement = (response: CvDataResponse | undefined): CvArrangement =>
  (response?.data as { arrangement?: CvArrangement } | undefined)?.arrangement ?? EMPTY_ARRANGEMENT;

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Changes the CV's arrangement: the cached one-request CV shows it at once (the preview and
 * View CV redraw), and `PUT /api/curriculum-vitae/arrangement` stores it `delay` ms later
 * (typing waits, a move or a switch does not). One save at a time, always of the latest
 * arrangement, so answers never arrive out of order; a failed save puts back what the server
 * last stored and says so.
 */
export function useArrangementSaver() {
  const client = useQueryClient();
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  /** Counts the times a failed save put the stored layout back (the fields redraw from it). */
  const [reverts, setReverts] = useState(0);
  const saver = useRef({
    latest: null as CvArrangement | null,
    confirmed: null as CvArrangement | null,
    inFlight: false,
    again: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  const setCached = useCallback(
    (arrangement: CvArrangement) =>
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old ? { ...old, data: { ...old.data, arrangement } } : old,
      ),
    [client],
  );

  const flush = useCallback(async () => {
    const s = saver.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    if (s.inFlight) {
      s.again = true;
      return;
    }
    const sent = s.latest;
    if (!sent) return;
    s.inFlight = true;
    setState('saving');
    let failed = false;
    try {
      const saved = await api.put<{ arrangement: CvArrangement }>(
        '/api/curriculum-vitae/arrangement',
        sent,
      );
      s.confirmed = saved.arrangement;
      setError(null);
    } catch (e) {
      failed = true;
      setError(errorMessage(e, ARRANGEMENT_SAVE_FAILED));
    } finally {
      s.inFlight = false;
    }
    if (s.again) {
      s.again = false;
      void flush();
      return;
    }
    if (failed) {
      // Nothing newer to send: show what the server keeps.
      s.latest = null;
      if (s.confirmed) setCached(s.confirmed);
      setReverts((n) => n + 1);
      setState('failed');
    } else {
      // A refetch meanwhile may have drawn an older arrangement: the saved one is the truth.
      setCached(s.confirmed!);
      s.latest = null;
      setState('saved');
    }
  }, [setCached]);

  const change = useCallback(
    (next: CvArrangement, delay = 0) => {
      const s = saver.current;
      s.confirmed ??= cachedArrangement(client.getQueryData<CvDataResponse>(cvDataKey));
      s.latest = next;
      void client.cancelQueries({ queryKey: cvDataKey });
      setCached(next);
      clearTimeout(s.timer);
      s.timer = setTimeout(() => void flush(), delay);
    },
    [client, flush, setCached],
  );

  // Leaving the tab with a title still waiting to be saved: save it now.
  useEffect(() => {
    const s = saver.current;
    return () => {
      if (s.timer !== undefined) void flush();
    };
  }, [flush]);

  return { change, state, error, reverts };
}
