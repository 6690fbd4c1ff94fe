/**
 * Public CV: listing a CV publicly, its page, and contact requests to its owner.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { contactRequestsRepo } from './contact-requests.repo.ts';
export { normText } from './listing-facets.ts';
export {
  listedCount,
  nameTokens,
  prefixRange,
  publicCvRepo,
  refreshAllFacets,
  VIEW_TRAIL_PER_VIEWER,
} from './public-cv.repo.ts';
export { publicCvRoutes } from './public-cv.routes.ts';
