// The sections feature's front door: other features import from here (data hooks: api.ts).
export {
  BUILDER_TABS,
  builderLink,
  findTab,
  FIRST_IMPRESSION_TAB,
  isToolTab,
  SECTION_CARDS,
  tabIndicator,
  TOOL_TABS,
  type BuilderTab,
  type MediaTab,
  type TabDef,
} from './catalog.ts';
export { createDraftStore, DraftContext, useDraft, type Draft } from './draft.ts';
export { CLOSE_FORM_MS, ConfirmEntryDelete, SectionLoading, useFlash } from './editor-parts.tsx';
export { InThisCv } from './in-this-cv.tsx';
export { confirmLeave } from './leave-guard.tsx';
export { Rich, Row, Text } from './form-parts.tsx';
export type { SectionForm } from './section-ui.ts';
export { SectionScreen } from './section-screen.tsx';
export { SECTION_UIS } from './section-uis.ts';
export { StatusBadge } from './status-badge.tsx';
