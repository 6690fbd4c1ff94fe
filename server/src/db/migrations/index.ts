import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001-foundation.ts';
import * as m002 from './002-sections.ts';
import * as m003 from './003-notifications.ts';
import * as m004 from './004-cv.ts';
import * as m005 from './005-media.ts';
import * as m006 from './006-sharing.ts';
import * as m007 from './007-hr.ts';
import * as m008 from './008-hr-search.ts';
import * as m009 from './009-integrity.ts';
import * as m010 from './010-hr-view-dedupe.ts';
import * as m011 from './011-employment-location.ts';
import * as m012 from './012-share-control.ts';
import * as m013 from './013-cv-at-sign-up.ts';
import * as m014 from './014-account-export.ts';
import * as m015 from './015-listing-facets.ts';
import * as m016 from './016-headline.ts';
import * as m017 from './017-contact-requests.ts';
import * as m018 from './018-browse-speed.ts';
import * as m019 from './019-cv-page-size.ts';
import * as m020 from './020-section-arrangement.ts';
import * as m021 from './021-cv-design.ts';
import * as m022 from './022-entry-order.ts';
import * as m023 from './023-cv-id-links.ts';
import * as m024 from './024-derived-rebuilds.ts';
import * as m025 from './025-used-upload-signatures.ts';
import * as m026 from './026-cv-versions.ts';
import * as m027 from './027-custom-sections.ts';
import * as m028 from './028-two-step.ts';
import * as m029 from './029-public-links.ts';
import * as m030 from './030-session-devices.ts';
import * as m031 from './031-passkeys.ts';
import * as m032 from './032-identities.ts';
import * as m033 from './033-certificate-details.ts';
import * as m034 from './034-session-place.ts';

/** Every migration, in order. Add new files here; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-sections': m002,
  '003-notifications': m003,
  '004-cv': m004,
  '005-media': m005,
  '006-sharing': m006,
  '007-hr': m007,
  '008-hr-search': m008,
  '009-integrity': m009,
  '010-hr-view-dedupe': m010,
  '011-employment-location': m011,
  '012-share-control': m012,
  '013-cv-at-sign-up': m013,
  '014-account-export': m014,
  '015-listing-facets': m015,
  '016-headline': m016,
  '017-contact-requests': m017,
  '018-browse-speed': m018,
  '019-cv-page-size': m019,
  '020-section-arrangement': m020,
  '021-cv-design': m021,
  '022-entry-order': m022,
  '023-cv-id-links': m023,
  '024-derived-rebuilds': m024,
  '025-used-upload-signatures': m025,
  '026-cv-versions': m026,
  '027-custom-sections': m027,
  '028-two-step': m028,
  '029-public-links': m029,
  '030-session-devices': m030,
  '031-passkeys': m031,
  '032-identities': m032,
  '033-certificate-details': m033,
  '034-session-place': m034,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
