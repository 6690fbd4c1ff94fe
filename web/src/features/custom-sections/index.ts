// The custom sections feature's front door: other features import from here only (issue 30).
import { lazyWithRetry } from '../../lib/lazy-retry.ts';

/** The builder's My sections tab, loaded when it opens. */
export const CustomSectionsScreen = lazyWithRetry(() => import('./custom-sections-screen.tsx'));
