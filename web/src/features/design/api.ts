import { useCallback } from 'react';
import { DEFAULT_DESIGN, type CvDesign } from '@vitae/core/design';
import { api } from '../../lib/api.ts';
import { useCvSaver, type CvDataResponse, type CvSetting } from '../cv/api.ts';

/** The design in the cached one-request CV (absent from an older server: the template's own). */
export const designOf = (response: CvDataResponse | undefined): CvDesign =>
  (response?.data as { design?: CvDesign } | undefined)?.design ?? DEFAULT_DESIGN;

const DESIGN: CvSetting<CvDesign> = {
  read: designOf,
  write: (old, design) => ({ ...old, data: { ...old.data, design } }),
  send: async (design, version) =>
    (await api.put<{ design: CvDesign }>(`/api/curriculum-vitae/design${version}`, design)).design,
};

/**
 * Saves the CV's design through the CV's one saver (`useCvSaver`): the cached CV (View CV,
 * the preview beside the tab) shows a change at once, quick changes (dragging in the colour
 * picker) end on the server as they ended on screen, and a failed save puts back what the
 * server last accepted.
 */
export function useSaveDesign() {
  const { change, pending, state, error } = useCvSaver(DESIGN);
  /** Changes part of the design (`current`: the design on screen), or all of it. */
  const save = useCallback(
    (part: Partial<CvDesign>, current: CvDesign) => change({ ...(pending() ?? current), ...part }),
    [change, pending],
  );
  return { save, status: state, error };
}
