/**
 * Client errors: errors the web app reports from the browser.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { clientErrorsRoutes } from './client-errors.routes.ts';
