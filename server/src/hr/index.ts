/**
 * HR: browsing listed CVs, saved CVs, notes and contact requests.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { hrBrowseRoutes } from './browse.routes.ts';
export { hrCvData } from './hr-cv-data.ts';
export { hrRepo } from './hr.repo.ts';
export { hrRoutes } from './hr.routes.ts';
export { savePendingCv } from './pending-save.ts';
