/**
 * Custom sections (issue 30): the sections a user makes and their entries.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export {
  ENTRY_COLUMNS as CUSTOM_ENTRY_COLUMNS,
  SECTION_COLUMNS as CUSTOM_SECTION_COLUMNS,
  customSectionsRepo,
  toCustomSections,
  type CustomSectionOut,
} from './custom-sections.repo.ts';
export { addSectionWith, lockedFor } from './custom-sections.service.ts';
export { customSectionsRoutes } from './custom-sections.routes.ts';
