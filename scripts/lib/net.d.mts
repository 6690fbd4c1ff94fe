// Types for net.mjs, so the server's TypeScript tests can import it.
export function sleep(ms: number): Promise<void>;
export function freePort(): Promise<number>;
