import { describe, expect, it } from 'vitest';
import { buildCvData } from '../cv.ts';
import { EMPLOYMENT_HISTORY_MESSAGES, SECTIONS } from './index.ts';

const job = { company: 'Acme', position: 'Dev', startDate: '2020-01' };
const { schema } = SECTIONS['employment-history'];
const locationError = (location: unknown) => {
  const r = schema.safeParse({ ...job, location });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'location')?.message;
};

describe('employment history location', () => {
  it('is optional: missing or null becomes empty', () => {
    expect(schema.parse(job).location).toBe('');
    expect(schema.parse({ ...job, location: null }).location).toBe('');
  });

  it('keeps a trimmed "City, Country" up to 100 characters', () => {
    expect(schema.parse({ ...job, location: '  Cape Town, South Africa ' }).location).toBe(
      'Cape Town, South Africa',
    );
    expect(locationError('x'.repeat(100))).toBeUndefined();
    expect(locationError('x'.repeat(101))).toBe(EMPLOYMENT_HISTORY_MESSAGES.locationTooLong);
    expect(EMPLOYMENT_HISTORY_MESSAGES.locationTooLong).toBe(
      'Location must be 100 characters or less',
    );
  });

  it('is a single line: control characters and line breaks are refused', () => {
    expect(locationError('Cape Town\nSouth Africa')).toBeDefined();
    expect(locationError('Cape\u0000Town')).toBeDefined();
  });

  it('is stored as text, limited for the form, and mapped into CvData', () => {
    expect(SECTIONS['employment-history'].columns.location).toBe('text');
    expect(SECTIONS['employment-history'].limits.location).toBe(100);
    expect(SECTIONS['employment-history'].defaults.location).toBe('');
    const data = buildCvData({ employmentHistory: [{ ...job, location: 'Durban' }] });
    expect(data.employHistorys[0]?.location).toBe('Durban');
    expect(buildCvData({ employmentHistory: [job] }).employHistorys[0]?.location).toBe('');
  });
});
