import { randomBytes } from 'node:crypto';

/** 24 hex characters, the shape clients know as `_id`. */
export const newId = (): string => randomBytes(12).toString('hex');

export const nowIso = (): string => new Date().toISOString();

export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

export const bool = (v: number | boolean | null | undefined): boolean => Boolean(v);
