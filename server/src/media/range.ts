import type { ByteRange } from '../plugins/storage.ts';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a known size; null if unsatisfiable. */
export function parseRange(header: string, size: number): ByteRange | null | 'all' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return 'all';
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? null : { start, end };
}
