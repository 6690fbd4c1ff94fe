/**
 * CV import and export: JSON Resume, LinkedIn archives and our own zip.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { cvIoRoutes } from './cv-io.routes.ts';
export { exportJsonResume } from './cv-io.service.ts';
