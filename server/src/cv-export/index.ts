/**
 * CV export: the owner's CV as a Word (.docx) and a plain-text file, beside the PDF (issue 35).
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { cvExportRoutes } from './cv-export.routes.ts';
// The CV as a format-free document: what the screening check expects to read back.
export { cvDocument, DEFAULT_TITLES, type CvDocument, type DocSection } from './cv-document.ts';
