/**
 * Devices: the devices a user has signed in on.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { devicesRoutes } from './devices.routes.ts';
