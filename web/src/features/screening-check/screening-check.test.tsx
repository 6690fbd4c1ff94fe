import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreeningCheck as Check } from '@vitae/core/screening-check';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { ScreeningCheck } from './index.ts';

const CHECK: Check = {
  template: 'template03',
  text: ['Say Hello', 'Thandi Mokoena', 'EMPLOYMENT HISTORY', 'Senior Software Developer'],
  sections: [
    { key: 'employment-history', title: 'Employment History', found: true },
    { key: 'skill', title: 'Skills', found: false },
  ],
  contact: [
    { field: 'name', label: 'Name', value: 'Thandi Mokoena', read: 'Say Hello', found: false },
    { field: 'phone', label: 'Phone', value: '082 555 0147', read: '082 555 0147', found: true },
  ],
  warnings: [
    {
      kind: 'columns',
      message: 'The lines of “Skills” and “Languages” interleave in the order a parser reads them.',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('What a screening system reads', () => {
  it('loads the check for the version and template shown, then lists what was found', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: CHECK }));
    renderWithProviders(
      <ScreeningCheck open onClose={vi.fn()} version={'f'.repeat(24)} template="template03" />,
    );
    // A status while the panel and the check load.
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText(/Creative/)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'What a screening system reads' });
    expect(fetch).toHaveBeenCalledWith(
      `/api/curriculum-vitae/screening-check?version=${'f'.repeat(24)}&template=template03`,
      expect.anything(),
    );

    const sections = within(dialog).getByRole('region', { name: 'Sections (1 of 2 found)' });
    const items = within(sections)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Employment History: found', 'Skills: not found']);

    const contact = within(dialog).getByRole('region', { name: 'Contact details' });
    expect(
      within(contact)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Name: not foundThandi Mokoena (read as “Say Hello”)', 'Phone: found082 555 0147']);

    const warnings = within(dialog).getByRole('region', { name: '1 thing to look at' });
    expect(warnings).toHaveTextContent('Warning: The lines of “Skills” and “Languages” interleave');

    const text = within(dialog).getByRole('region', { name: 'The text, in the order it was read' });
    expect(text.querySelector('pre')?.textContent).toBe(CHECK.text.join('\n'));
  });

  it('shows the server’s reason when it cannot check, and tries again', async () => {
    let calls = 0;
    stubFetch(() =>
      ++calls === 1
        ? {
            status: 503,
            body: {
              error: 'The screening check is not available on this server: it needs Chromium.',
              code: 'screening_unavailable',
            },
          }
        : { status: 200, body: { ...CHECK, warnings: [] } },
    );
    const onClose = vi.fn();
    renderWithProviders(<ScreeningCheck open onClose={onClose} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The screening check is not available on this server: it needs Chromium.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'No problems found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});
