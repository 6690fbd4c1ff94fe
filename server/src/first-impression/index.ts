/**
 * First impression: the short video section and its streaming.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { firstImpressionRepo } from './first-impression.repo.ts';
export { firstImpressionRoutes } from './first-impression.routes.ts';
