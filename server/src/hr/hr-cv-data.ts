import {
  contactVisible,
  withoutPrivateContact,
  type ContactAccess,
  type CvData,
} from '@vitae/core';
import type { AppDeps } from '../deps.ts';
import { sharedCvData } from '../sharing/index.ts';

/**
 * The owner's CV as one HR user may read it: every call that hands an HR user CV data (the
 * saved-CV view and its PDF) goes through here, so without approval no answer holds the
 * owner's email or phone.
 */
export async function hrCvData(
  deps: Pick<AppDeps, 'db' | 'storage' | 'sessionSecret'>,
  hrUserId: string,
  found: {
    row: { id: string; owner_id: string; cv_id: string };
    access: { photo: boolean };
    saved: { contactAccess: ContactAccess };
  },
): Promise<CvData> {
  // Its media URLs end when this HR user may no longer read the CV (unlisted, share closed).
  const scope = { savedId: found.row.id, hrUserId };
  // The version the owner lists (issue 30): HR sees that one.
  const { owner_id: owner, cv_id: version } = found.row;
  const data = await sharedCvData(deps, owner, found.access.photo, scope, version);
  return contactVisible(found.saved.contactAccess) ? data : withoutPrivateContact(data);
}
