/**
 * Dev: the development mail outbox (never served in production).
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { describeOutboxAccess, outboxAccess } from './outbox-access.ts';
export { outboxRoutes } from './outbox.routes.ts';
