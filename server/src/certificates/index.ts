/**
 * Certificates: the certificates section and its uploaded files.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { certificatesRepo } from './certificates.repo.ts';
export { certificatesRoutes } from './certificates.routes.ts';
