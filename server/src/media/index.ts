/**
 * Media: uploads, stored files, signed media URLs and the media sections build on.
 * Other folders import this feature only through this file (eslint.config.js enforces it).
 */
export { mediaDeleteBody, mediaSection, newEntry } from './media-section.ts';
export {
  CONTENT_TYPES,
  keyFromMediaUrl,
  type MediaAccess,
  type MediaScope,
  scopedMediaUrl,
} from './media-urls.ts';
export { mediaRoutes } from './media.routes.ts';
export { type MediaDeps, type MediaRow, mediaService, publicIdOf } from './media.service.ts';
export { parseRange } from './range.ts';
export { receiveUpload } from './receive-upload.ts';
export { uploadRoutes } from './upload-body.ts';
