import { describe, expect, it } from 'vitest';
import { defaultShareMessage } from './share.ts';

describe('defaultShareMessage', () => {
  it('speaks of a link, since the CV is shared as one, not attached', () => {
    const message = defaultShareMessage('Naledi Dlamini');
    expect(message).not.toMatch(/attached/i);
    expect(message).toMatch(/link/i);
    expect(message.endsWith('Naledi Dlamini')).toBe(true);
  });
});
