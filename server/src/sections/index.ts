/**
 * Sections: the CV sections' entries (create, edit, reorder, delete).
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { sanitizeRichFields, sanitizeRichText } from './rich-text.ts';
export {
  type AnyRow,
  columnOf,
  type EntryOut,
  fieldsOf,
  sectionsRepo,
  tableOf,
  toEntry,
} from './sections.repo.ts';
export { sectionsRoutes } from './sections.routes.ts';
