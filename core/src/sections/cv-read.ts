/**
 * Lenient readers the sections' CvData mappings share: stored sections arrive as lists or
 * single records, under the names of docs/product/builder.md#fields or older alternatives.
 */
export type Rec = Record<string, unknown>;

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function list(value: unknown): Rec[] {
  if (Array.isArray(value)) return value.filter(isRecord);
  return isRecord(value) ? [value] : [];
}

/** The first non-empty text among the given fields. */
export function text(record: Rec, ...fields: string[]): string {
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true' || value === 'yes' || value === 'Yes') return true;
  if (value === 0 || value === 'false' || value === 'no' || value === 'No') return false;
  return null;
}

export function id(record: Rec, index: number): string {
  return text(record, '_id', 'id') || `entry-${index}`;
}

/** Derived fields that do not make an entry worth showing on their own. */
const DERIVED = new Set(['_id', 'label', 'proficiency']);

export function hasText(record: object): boolean {
  return Object.entries(record).some(
    ([key, value]) => !DERIVED.has(key) && typeof value === 'string' && value.trim() !== '',
  );
}

/** A list section: every record mapped, entries without any text dropped. */
export const cvList =
  <T extends object>(map: (r: Rec, i: number) => T) =>
  (value: unknown): T[] =>
    list(value)
      .map(map)
      .filter((entry) => hasText(entry));

/** A single-record section: the first record mapped, or null when it holds no text. */
export const cvSingle =
  <T extends object>(map: (r: Rec) => T) =>
  (value: unknown): T | null => {
    const first = list(value)[0];
    const mapped = first ? map(first) : null;
    return mapped && hasText(mapped) ? mapped : null;
  };
