import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE } from '../../lib/api.ts';
import { SectionScreen } from './section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';

const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function fillReference(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(label('Name')), 'Jo');
  await user.type(screen.getByLabelText(label('Company')), 'Acme');
  await user.type(screen.getByLabelText(label('Phone number')), '011 555 0123');
}

describe('a save that fails outside the form', () => {
  it("shows the section's message for a server error, not the server's text", async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="reference" />);
    await fillReference(user);
    api.failNext('POST', 500, { error: 'Internal Server Error' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save reference. Please try again.',
    );
    expect(screen.queryByText(/Internal Server Error/)).toBeNull();
  });

  it('says at once that the connection is lost, and keeps the form to try again', async () => {
    fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="reference" />);
    await fillReference(user);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE_MESSAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(screen.getByLabelText(label('Name'))).toHaveValue('Jo');
  });
});
