import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionScreen } from './section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';

/** A field by its label; required fields' labels end with a decorative asterisk. */
const label = (text: string) => new RegExp(`^${text}( \\*)?$`);

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('employment history location', () => {
  it('is an optional single-line field capped by the core limit, sent and listed', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="employment-history" />);

    const location = await screen.findByLabelText(label('Location'));
    expect(location).toHaveAttribute('maxLength', '100');
    expect(location).not.toBeRequired();
    await user.type(screen.getByLabelText(label('Company')), 'Acme');
    await user.type(screen.getByLabelText(label('Position')), 'Clerk');
    await user.type(screen.getByLabelText(label('Start date')), '2020-01');
    await user.type(location, 'Cape Town, South Africa');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Employment history added successfully!');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      company: 'Acme',
      location: 'Cape Town, South Africa',
    });
    expect(await screen.findByText(/Cape Town, South Africa/)).toBeInTheDocument();
  });
});
