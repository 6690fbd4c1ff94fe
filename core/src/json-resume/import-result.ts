/** What POST /api/cv/import answers (the preview with dryRun=1, or the import done). */
import type { SectionKey } from '../sections/index.ts';

export type ImportMode = 'add' | 'replace';

/**
 * Where an import goes (issue 30): a new CV version laid out as the file says, or the layout
 * of one of the user's versions. Either merges the facts into the profile without repeating
 * entries it already holds. Absent: the `mode` import of old (add or replace).
 */
export type ImportTarget = { kind: 'new' } | { kind: 'version'; id: string };

export interface PlannedEntry {
  /** The validated values, or what the file gave when they are invalid. */
  values: Record<string, unknown>;
  /** The section form's messages by field; null when the entry will be imported. */
  errors: Record<string, string> | null;
  /** A target import: the profile (or the file, earlier) already holds this entry. */
  already?: boolean;
}

export interface SectionPlan {
  key: SectionKey;
  label: string;
  kind: 'single' | 'list';
  /** Entries the user has now (replace removes them first). */
  existing: number;
  /** Entries that will be imported. */
  count: number;
  /** A target import: the file's entries the profile already holds (not stored again). */
  already?: number;
  entries: PlannedEntry[];
}

/**
 * The certificates an import brings: each judged like the certificate form, against the
 * user's certificates (one with the same title, issuer and date is already there) and their
 * cap. An import never removes a certificate, whatever its mode.
 */
export interface CertificatePlan {
  label: string;
  existing: number;
  count: number;
  already: number;
  entries: PlannedEntry[];
}

export interface ImportResult {
  mode: ImportMode;
  imported: boolean;
  sections: SectionPlan[];
  /** What the file holds that Vitae does not import, in words. */
  notes: string[];
  /** The look a Vitae export carries (`meta.vitae.layout`), null when the file has none. */
  layout?: { name: string | null } | null;
  /**
   * The certificates the file lists (issue 32), stored on confirm as certificates without a
   * file; null when it lists none.
   */
  certificates?: CertificatePlan | null;
  /** A target import done: the version made or laid out. */
  version?: { _id: string; name: string } | null;
}
