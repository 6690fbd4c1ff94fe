// Modules the build writes (web/build): their types are those of what they are made from.

declare module 'virtual:section-catalog' {
  import type { SECTION_CATALOG as Catalog } from '@vitae/core/sections/index';

  /** core's SECTION_CATALOG, inlined at build time (web/build/section-catalog.ts). */
  export const SECTION_CATALOG: typeof Catalog;
}
