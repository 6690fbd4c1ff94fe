/**
 * Sharing: CVs shared by link and PIN, and what a recipient sees.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { deviceKind } from './device-kind.ts';
export { grantedShare, sendClosed } from './share-access.ts';
export { sharedCvData } from './shared-cv-data.ts';
export { recipientsOf, sharingRepo } from './sharing.repo.ts';
export { sharingRoutes } from './sharing.routes.ts';
export { readGrants, UNLOCK_COOKIE } from './unlock-grant.ts';
