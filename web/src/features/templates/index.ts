// The CV templates' front door: other features import from here only.
export { loadFont } from './blocks/fonts.ts';
export { CvLayout } from './cv-layout.tsx';
export { INK_FRIENDLY_ID, lazyLayout, preloadTemplateBlocks, TEMPLATES } from './registry.ts';
