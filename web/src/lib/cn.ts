type ClassPart = string | false | null | undefined | 0 | 0n;

/** Joins class names, skipping falsy ones. */
export function cn(...parts: ClassPart[]): string {
  return parts.filter(Boolean).join(' ');
}
