import fs from 'node:fs';

/** Debian's package (apt-get install chromium) puts its launcher here. */
export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

/**
 * The Chromium binary the PDF renderer drives: CHROME_PATH when set, else Debian's; null
 * when neither is an executable file (PDF is then unavailable and the web falls back to
 * the print dialog).
 */
export function findChromium(chromePath?: string): string | null {
  const candidate = chromePath?.trim() || DEFAULT_CHROME_PATH;
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return fs.statSync(candidate).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** Flags for a headless, offline, throwaway browser (no sandbox: it runs as the server's user). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * playwright-core, loaded when a browser is first launched: importing it costs the server
 * about 60 MiB of resident memory (docs/decisions/0008-performance-measurements.md#0012), which a server
 * without Chromium, or one that has not rendered a PDF yet, does not need.
 */
export const loadPlaywright = () => import('playwright-core');
