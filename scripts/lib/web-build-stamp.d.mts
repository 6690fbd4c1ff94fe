// Types for web-build-stamp.mjs, so the server's TypeScript tests can import it.
export interface WebBuildStamp {
  mode: string;
  sourceHash: string;
  builtAt: string;
}
export const WEB_BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export function hashWebSources(root: string, inputs?: string[]): string;
export function readStamp(distDir: string): WebBuildStamp | undefined;
export function writeStamp(distDir: string, stamp: WebBuildStamp): void;
export function rebuildReason(distDir: string, sourceHash: string): string | undefined;
