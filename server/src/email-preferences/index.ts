/**
 * Email settings: which optional emails a user gets, and their one-click unsubscribe links.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { emailPreferencesRepo, unsubscribeFor } from './email-preferences.ts';
export { emailPreferencesRoutes } from './email-preferences.routes.ts';
