/**
 * CV export: the owner's CV as a Word (.docx) and a plain-text file, beside the PDF (issue 35).
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { cvExportRoutes } from './cv-export.routes.ts';
