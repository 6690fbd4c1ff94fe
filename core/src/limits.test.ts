import { describe, expect, it } from 'vitest';
import { HR_MESSAGES, MAX_NOTES_PER_SAVED_CV } from './hr.ts';
import { CERTIFICATE_MESSAGES, MAX_CERTIFICATES, MAX_PHOTOS, PHOTO_MESSAGES } from './media.ts';

// Bounds of ours (the product sets none): docs/api-deviations.md states these numbers and texts,
// and the server answers 409 with the texts, so a change to either must change both.
describe('per-user bounds and their texts', () => {
  it('HR notes on one saved CV', () => {
    expect(MAX_NOTES_PER_SAVED_CV).toBe(100);
    expect(HR_MESSAGES.tooManyNotes).toBe(
      'You can keep at most 100 notes on a CV. Delete one to add another.',
    );
  });

  it('photos and certificates', () => {
    expect([MAX_PHOTOS, MAX_CERTIFICATES]).toEqual([50, 50]);
    expect(PHOTO_MESSAGES.tooMany).toBe('You can add at most 50 photos.');
    expect(CERTIFICATE_MESSAGES.tooMany).toBe('You can add at most 50 certificates.');
  });
});
