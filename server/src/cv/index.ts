/**
 * CV: the user's CVs, their design and settings, and the whole CV as one document.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { loadCvData } from './cv-data.ts';
export { cvRepo } from './cv.repo.ts';
export { cvRoutes } from './cv.routes.ts';
export { versionsRoutes } from './versions.routes.ts';
export {
  freeVersionName,
  insertVersion,
  versionsRepo,
  type CvVersion,
  type VersionSpec,
} from './versions.repo.ts';
