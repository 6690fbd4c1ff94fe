import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionScreen } from '../section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../../test/kit.tsx';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('contact information phone', () => {
  it('keeps a full international number, and says so when a number is too long', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="contact-info" />);
    const phone = await screen.findByLabelText(/^Phone number/);
    expect(phone).not.toHaveAttribute('maxLength');
    await user.type(phone, '+27 82 555 0142');
    expect(phone).toHaveValue('+27 82 555 0142');
    await user.type(screen.getByLabelText(/^Email/), 'thandi@example.test');

    await user.type(phone, ' ext 12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Phone number must be 20 characters or less'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+27 82 555 0142');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        phone: '+27 82 555 0142',
      }),
    );
  });
});
