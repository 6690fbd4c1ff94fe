/**
 * CV import and export: JSON Resume, LinkedIn archives and our own zip.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { cvIoRoutes } from './cv-io.routes.ts';
export { exportJsonResume } from './cv-io.service.ts';
// The PDF import's reader and heading words, for the screening check (issue 35).
export { readCvDocument, warmDocumentParser } from './document-import/read-document.ts';
export { headingKind, usualHeadingKind } from './document-import/cv-finder.ts';
