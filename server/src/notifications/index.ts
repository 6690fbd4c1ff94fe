/**
 * Notifications: the user's notifications and how one is sent.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { notificationsRoutes } from './notifications.routes.ts';
export { notifyUser } from './notify.ts';
