/**
 * Photos: the photos section.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { photosRepo } from './photos.repo.ts';
export { photosRoutes } from './photos.routes.ts';
