// Types for server-build.mjs, so the server's TypeScript tests can import it.
export const SERVER_BUILD_INPUTS: string[];
export const SERVER_DIST: string;
export const SERVER_BUNDLE: string;
export const SERVER_NODE_OPTIONS: string[];
export function serverRebuildReason(root: string, sourceHash: string): string | undefined;
export function buildServer(root: string, outfile?: string): Promise<void>;
export function ensureServerBuild(
  root: string,
  options?: { log?: (line: string) => void },
): Promise<string | undefined>;
