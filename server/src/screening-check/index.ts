/**
 * The screening check (issue 35): the owner's CV as a PDF, read back as a CV parser reads it.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { screeningCheckRoutes, SCREENING_MESSAGES } from './screening-check.routes.ts';
