/** Business constants shared by server and web (docs/product/limits.md). */
export const SESSION_REFRESH_MS = 300_000;
export const SESSION_TTL_DAYS = 30;
export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_HOURS = 1;
export const PASSWORD_MIN_LENGTH = 6;
export const RESET_REDIRECT_MS = 3_000;
export const SUCCESS_MESSAGE_MS = 3_000;
export const DASHBOARD_SWITCH_MS = 3_000;
export const AUTH_TOKEN_MARKER = 'web-authenticated';
export const DEFAULT_TEMPLATE = 'template01';
