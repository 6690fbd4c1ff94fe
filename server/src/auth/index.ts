/**
 * Auth: sign-up, sign-in, sessions, email confirmation and password reset.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { authRepo } from './auth.repo.ts';
export { authRoutes } from './auth.routes.ts';
export { hashPassword, verifyPassword } from './password.ts';
