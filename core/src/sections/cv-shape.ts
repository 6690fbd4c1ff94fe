import { z } from 'zod';
import type { ColumnKind } from './fields.ts';

/**
 * Sections whose CvData entry is just their stored fields get its schema (and so its type) from
 * their columns: the fields are written once, in `<key>Columns`.
 */
type PlainKind = Extract<ColumnKind, 'text' | 'rich' | 'bool'>;
type Plain<K extends PlainKind> = K extends 'bool' ? boolean : string;
type Fields<C extends Record<string, PlainKind>> = { -readonly [F in keyof C]: Plain<C[F]> };

const fieldsShape = (columns: Record<string, PlainKind>) =>
  Object.fromEntries(
    Object.entries(columns).map(([field, kind]) => [
      field,
      kind === 'bool' ? z.boolean() : z.string(),
    ]),
  );

/** A single-record section's CvData value: its columns, each as stored. */
export const cvRecordFrom = <C extends Record<string, PlainKind>>(columns: C) =>
  z.object(fieldsShape(columns)) as unknown as z.ZodType<Fields<C>>;

/** A list section's CvData entry: an `_id`, then its columns, each as stored. */
export const cvEntryFrom = <C extends Record<string, PlainKind>>(columns: C) =>
  z.object({ _id: z.string(), ...fieldsShape(columns) }) as unknown as z.ZodType<
    { _id: string } & Fields<C>
  >;
