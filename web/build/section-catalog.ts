import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { SECTION_CATALOG } from '@vitae/core/sections/index';

/** What the web app imports the sections' cards and tabs from (src/lib/virtual-modules.d.ts). */
const SECTION_CATALOG_MODULE = 'virtual:section-catalog';
const RESOLVED = `\0${SECTION_CATALOG_MODULE}`;
const REGISTRY = path.resolve(import.meta.dirname, '../../core/src/sections/index.ts');

/** The registry evaluated here in Node (TypeScript through Vite's module runner). */
async function readCatalog(): Promise<{ code: string; files: string[] }> {
  const { module, dependencies } = await runnerImport<{
    SECTION_CATALOG: typeof SECTION_CATALOG;
  }>(REGISTRY);
  return {
    code: `export const SECTION_CATALOG = ${JSON.stringify(module.SECTION_CATALOG)};\n`,
    files: [REGISTRY, ...dependencies],
  };
}

/**
 * Serves `virtual:section-catalog`: each section's tab, label, blurb and indicator kind as
 * plain data, read from core's registry at build time (and by `vite` and vitest as they
 * start). The registry holds every section's zod schema; the dashboard needs none of them
 * (decision 0008 §0014). In `vite`, an edited section file brings a new catalog.
 */
export function sectionCatalog(): Plugin {
  let code: Promise<string> | undefined;
  /** The files the catalog was read from: a change to any means a new catalog. */
  const readFrom = new Set<string>();
  return {
    name: 'vitae-section-catalog',
    resolveId: (id) => (id === SECTION_CATALOG_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      code ??= readCatalog().then((catalog) => {
        catalog.files.forEach((f) => readFrom.add(f));
        return catalog.code;
      });
      return code;
    },
    watchChange(file) {
      if (readFrom.has(file)) code = undefined;
    },
    // `vite`: the module is updated along with the file it was read from.
    hotUpdate({ file, modules }) {
      const mod = this.environment.moduleGraph.getModuleById(RESOLVED);
      return mod && readFrom.has(file) ? [...modules, mod] : undefined;
    },
  };
}
