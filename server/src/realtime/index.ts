/**
 * Realtime: the socket that pushes changes to a user's open tabs.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { registerRealtime } from './realtime.ts';
