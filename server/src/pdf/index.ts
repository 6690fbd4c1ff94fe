/**
 * PDF: CVs printed to PDF in headless Chromium.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export type { Paper, PdfRenderer, PrintPayload } from './pdf-renderer.ts';
export { pdfRendererFor, pdfRoutes } from './pdf.routes.ts';
export { createPdfRenderer, PdfBusyError } from './pdf-renderer.ts';
export { findChromium } from './chromium.ts';
export { cvDisposition, photoFromStorage, printableCv } from './pdf-payload.ts';
