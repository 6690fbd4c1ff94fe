/**
 * Affiliate: the affiliate programme endpoints.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { affiliateRoutes } from './affiliate.routes.ts';
