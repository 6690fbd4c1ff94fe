import { EMPTY_ARRANGEMENT, type CvArrangement } from '@vitae/core/cv';
import { api, errorMessage } from '../../lib/api.ts';
import { useCvSaver, type CvDataResponse, type CvSetting } from '../cv/api.ts';

/**
 * What a failed save says (ours, issue 17: docs/api-deviations.md); the layout goes back to the
 * saved one.
 */
export const ARRANGEMENT_SAVE_FAILED = 'Your layout could not be saved. Please try again.';

/** The arrangement of the cached one-request CV (empty from an older server). */
export const cachedArrangement = (response: CvDataResponse | undefined): CvArrangement =>
  (response?.data as { arrangement?: CvArrangement } | undefined)?.arrangement ?? EMPTY_ARRANGEMENT;

export type { SaveState } from '../cv/api.ts';

const ARRANGEMENT: CvSetting<CvArrangement> = {
  read: cachedArrangement,
  write: (old, arrangement) => ({ ...old, data: { ...old.data, arrangement } }),
  send: async (arrangement, version) =>
    (
      await api.put<{ arrangement: CvArrangement }>(
        `/api/curriculum-vitae/arrangement${version}`,
        arrangement,
      )
    ).arrangement,
};

/**
 * Changes the CV's arrangement through the CV's one saver (`useCvSaver`): the preview and
 * View CV redraw at once, `PUT /api/curriculum-vitae/arrangement` stores it `delay` ms later,
 * and a failed save puts back what the server last stored and says so.
 */
export function useArrangementSaver() {
  const { change, state, error, reverts } = useCvSaver(ARRANGEMENT);
  return {
    change,
    state,
    error: error ? errorMessage(error, ARRANGEMENT_SAVE_FAILED) : null,
    reverts,
  };
}
