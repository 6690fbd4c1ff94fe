// The worker's entry: Node runs no TypeScript by itself, so tsx's loader is registered in
// this thread before the parser (parse-worker.ts) is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
