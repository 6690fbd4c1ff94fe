// The arrangement feature's front door: other features import from here only.
import { lazyWithRetry } from '../../lib/lazy-retry.ts';

/** The builder's Layout tab, loaded when it opens. */
export const LayoutScreen = lazyWithRetry(() => import('./layout-screen.tsx'));
