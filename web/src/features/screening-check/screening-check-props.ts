/** What the launcher and the lazily loaded panel share (apart, so neither imports the other). */
export const SCREENING_TITLE = 'What a screening system reads';

export interface ScreeningCheckProps {
  open: boolean;
  onClose: () => void;
  /** The owner's CV version the screen shows (issue 30); the default when absent. */
  version?: string | null;
  /** The template the screen shows; the version's own when absent. */
  template?: string;
}
