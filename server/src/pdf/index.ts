/**
 * PDF: CVs printed to PDF in headless Chromium.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export type { Paper, PdfRenderer, PrintPayload } from './pdf-renderer.ts';
export { pdfRoutes } from './pdf.routes.ts';
export { cvDisposition, photoFromStorage } from './pdf-payload.ts';
