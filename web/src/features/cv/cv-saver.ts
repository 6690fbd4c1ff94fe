import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cvDataKey, type CvDataResponse } from './cv-data.ts';
import { currentVersion, versionQuery } from './current-version.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** One CV-wide setting kept in the cached one-request CV (arrangement, design, page size). */
export interface CvSetting<T> {
  /** The setting in the cached CV. */
  read: (cached: CvDataResponse | undefined) => T;
  /** The cached CV with `value` in its place. */
  write: (cached: CvDataResponse, value: T) => CvDataResponse;
  /**
   * Stores `value` in the version the change was made on (`version`: `?version=<id>`, or ''
   * for the default; append it to the call's path); resolves to what the server kept.
   */
  send: (value: T, version: string) => Promise<T>;
}

/**
 * Saves one CV-wide setting optimistically: the cached one-request CV shows a change at once
 * (the preview and View CV redraw), and the server stores it `delay` ms later (typing waits,
 * a click does not). One save at a time, always of the latest value, so answers never arrive
 * out of order and quick changes end on the server as they ended on screen. A failed save with
 * nothing newer to send puts back what the server last stored (`reverts` counts those times).
 * A change is saved to the CV version it was made on (issue 30), even when the user has
 * switched since. `setting` is read once: pass a constant.
 */
export function useCvSaver<T>(setting: CvSetting<T>) {
  const client = useQueryClient();
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  const [reverts, setReverts] = useState(0);
  const saver = useRef({
    setting,
    latest: null as T | null,
    confirmed: null as T | null,
    /** The version the latest change was made on (null: the default). */
    version: null as string | null,
    inFlight: false,
    again: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  const setCached = useCallback(
    (value: T) =>
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old ? saver.current.setting.write(old, value) : old,
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
    if (sent === null) return;
    const version = s.version;
    s.inFlight = true;
    setState('saving');
    let failed = false;
    try {
      s.confirmed = await s.setting.send(sent, versionQuery(version));
      setError(null);
    } catch (e) {
      failed = true;
      setError(e);
    } finally {
      s.inFlight = false;
    }
    if (s.again) {
      s.again = false;
      void flush();
      return;
    }
    // Nothing newer to send. A refetch meanwhile may have drawn an older value: what the
    // server keeps is the truth, after a failure as after a success.
    s.latest = null;
    // The cached CV is the version on screen: another one's answer does not belong in it.
    if (s.confirmed !== null && s.version === currentVersion()) setCached(s.confirmed);
    if (failed) setReverts((n) => n + 1);
    setState(failed ? 'failed' : 'saved');
  }, [setCached]);

  const change = useCallback(
    (next: T, delay = 0) => {
      const s = saver.current;
      const version = currentVersion();
      if (version !== s.version) {
        // Switched since the last change: a change still waiting goes to its own version now.
        if (s.timer !== undefined) void flush();
        s.version = version;
        s.confirmed = null;
      }
      s.confirmed ??= s.setting.read(client.getQueryData<CvDataResponse>(cvDataKey));
      s.latest = next;
      void client.cancelQueries({ queryKey: cvDataKey });
      setCached(next);
      clearTimeout(s.timer);
      s.timer = undefined;
      // A click saves at once (and says "Saving..." with the change); typing waits.
      if (delay > 0) s.timer = setTimeout(() => void flush(), delay);
      else void flush();
    },
    [client, flush, setCached],
  );

  /** The value changed last and not yet settled: quick changes build on it before a redraw. */
  const pending = useCallback(() => saver.current.latest, []);

  // Leaving the screen with a change still waiting to be saved: save it now.
  useEffect(() => {
    const s = saver.current;
    return () => {
      if (s.timer !== undefined) void flush();
    };
  }, [flush]);

  return { change, pending, state, error, reverts };
}
