import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@vitae/core';
import { resetAuthState } from '../../../lib/auth-store.ts';
import { SectionScreen } from '../section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../../test/kit.tsx';

const user = { _id: 'u1', fullName: 'Account Name', email: 'a@example.test' } as User;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  resetAuthState({ sessionChecked: true, user });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetAuthState();
});

describe('personal information full name', () => {
  it("starts from the account's name when nothing is stored", async () => {
    fakeSectionApi();
    renderWithProviders(<SectionScreen sectionKey="personal-info" />);
    const fullName = await screen.findByLabelText(/^Full name/);
    // The prefill is an effect after the form appears: wait for it, not for the field alone.
    await waitFor(() => expect(fullName).toHaveValue('Account Name'));
  });

  it('shows the stored name when there is one', async () => {
    fakeSectionApi({
      'personal-info': [{ _id: 'p1', lastUpdate: '2024-05-06T10:00:00Z', fullName: 'Stored Name' }],
    });
    renderWithProviders(<SectionScreen sectionKey="personal-info" />);
    expect(await screen.findByDisplayValue('Stored Name')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Stored Name');
  });
});
