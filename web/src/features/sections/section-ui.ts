import type { ComponentType } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { SectionKey } from '@vitae/core/sections/index';
import type { Entry } from './api.ts';

/** The form of any section: values by field name (form values may differ from the API's). */
export type SectionForm = UseFormReturn<FieldValues>;

export interface FieldsProps {
  form: SectionForm;
}

/**
 * What the generic editors need to know about one section beyond core's registry: its words, its
 * failure messages (docs/product/builder.md#save-failures), its fields and how an entry reads.
 */
export interface SectionUi {
  key: SectionKey;
  /** "experience", "skill": used in buttons and banners. */
  noun: string;
  /** A fixed save-failure message; without one the server's message is shown. */
  saveError?: string;
  /** Shown when neither a fixed message nor a server message is known. */
  saveFallback?: string;
  /** List sections: the delete-failure message. */
  deleteError?: string;
  /** Single records: the success message. */
  savedMessage?: string;
  /** Single records: Cancel goes here instead of resetting the form. */
  cancelTo?: string;
  Fields: ComponentType<FieldsProps>;
  /** List sections: an entry as the list shows it. */
  Summary?: ComponentType<{ entry: Entry }>;
  /** The Layout tab's note where the section's place or title works differently (arranged.ts). */
  layoutNote?: string;
  /** A short name of an entry, for button labels ("Edit Chess"). */
  entryName?: (entry: Entry) => string;
  /** Stored entry -> form values (default: the entry's own fields). */
  toForm?: (entry: Record<string, unknown>) => FieldValues;
  /** Form values -> what the core schema validates and the API receives (default: as is). */
  toPayload?: (values: FieldValues) => FieldValues;
  /** API field -> form field, where they differ (errors are shown on the form field). */
  formField?: Record<string, string>;
  /** The create body given the new item and the current list (interests send the whole list). */
  createBody?: (item: FieldValues, entries: Entry[]) => unknown;
}
