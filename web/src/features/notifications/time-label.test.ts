import { describe, expect, it } from 'vitest';
import { timeLabel } from './time-label.ts';

const now = Date.parse('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('timeLabel', () => {
  it('says Just now under a minute (and for clock skew into the future)', () => {
    expect(timeLabel(ago(0), now)).toBe('Just now');
    expect(timeLabel(ago(59_000), now)).toBe('Just now');
    expect(timeLabel(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes under an hour', () => {
    expect(timeLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(timeLabel(ago(5 * 60_000 + 30_000), now)).toBe('5 minutes ago');
    expect(timeLabel(ago(59 * 60_000), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(timeLabel(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(timeLabel(ago(23 * 60 * 60_000 + 59 * 60_000), now)).toBe('23 hours ago');
  });

  it('shows a date from a day on', () => {
    expect(timeLabel(ago(24 * 60 * 60_000), now)).toBe('9 Mar 2025');
    expect(timeLabel('2024-12-25T12:00:00.000Z', now)).toBe('25 Dec 2024');
  });

  it('shows nothing for an unreadable time', () => {
    expect(timeLabel('not a date', now)).toBe('');
  });
});
