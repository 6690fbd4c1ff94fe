// The design feature's front door: other features import from here only.
import { lazyWithRetry } from '../../lib/lazy-retry.ts';

/** The builder's Design tab, loaded when it opens. */
export const DesignScreen = lazyWithRetry(() => import('./design-screen.tsx'));
