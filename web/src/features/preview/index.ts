// The live preview's front door: other features import from here only.
import { lazyWithRetry } from '../../lib/lazy-retry.ts';

/** The live preview and the templates it draws load only with it, and only once shown. */
export const PreviewPane = lazyWithRetry(() => import('./preview-pane.tsx'));
