/** What POST /api/cv/import answers (the preview with dryRun=1, or the import done). */
import type { SectionKey } from '../sections/index.ts';

export type ImportMode = 'add' | 'replace';

export interface PlannedEntry {
  /** The validated values, or what the file gave when they are invalid. */
  values: Record<string, unknown>;
  /** The section form's messages by field; null when the entry will be imported. */
  errors: Record<string, string> | null;
}

export interface SectionPlan {
  key: SectionKey;
  label: string;
  kind: 'single' | 'list';
  /** Entries the user has now (replace removes them first). */
  existing: number;
  /** Entries that will be imported. */
  count: number;
  entries: PlannedEntry[];
}

export interface ImportResult {
  mode: ImportMode;
  imported: boolean;
  sections: SectionPlan[];
  /** What the file holds that Vitae does not import, in words. */
  notes: string[];
}
