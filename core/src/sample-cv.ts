/**
 * A complete, realistic CV used to preview the templates for a new user whose CV is still
 * empty (the viewer marks it clearly as "Sample CV"). Long enough to span two A4 pages; each
 * section's entries are its definition's `preview`.
 */
import { buildCvData, type CvData } from './cv.ts';
import { SECTIONS, SECTION_KEYS } from './sections/index.ts';

/** A neutral avatar drawn inline, so the sample needs no image request. */
const SAMPLE_PHOTO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">' +
      '<rect width="120" height="120" fill="#cbd5e1"/>' +
      '<circle cx="60" cy="46" r="22" fill="#64748b"/>' +
      '<path d="M18 120c4-26 22-40 42-40s38 14 42 40z" fill="#64748b"/></svg>',
  );

export const SAMPLE_CV: CvData = buildCvData({
  ...Object.fromEntries(SECTION_KEYS.map((k) => [SECTIONS[k].cvSource, SECTIONS[k].preview])),
  assignedPhotoUrl: SAMPLE_PHOTO,
});

/** The sample CV drawn in the owner's design and section arrangement (an empty CV's preview). */
export function sampleInOwnLook(own: CvData | undefined): CvData {
  return own ? { ...SAMPLE_CV, design: own.design, arrangement: own.arrangement } : SAMPLE_CV;
}
