/**
 * Account: settings, password change, export and deletion of the signed-in user.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { accountRoutes } from './account.routes.ts';
