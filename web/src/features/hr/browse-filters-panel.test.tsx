import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { BrowseFiltersPanel } from './browse-filters-panel.tsx';
import { DEFAULT_FILTERS, type BrowseFilters } from './browse-query.ts';

function Harness({ initial }: { initial: BrowseFilters }) {
  const [filters, setFilters] = useState(initial);
  return (
    <BrowseFiltersPanel filters={filters} onChange={(p) => setFilters((f) => ({ ...f, ...p }))} />
  );
}

const renderPanel = (initial: BrowseFilters) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ skills: [] })),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
};

const details = () => screen.getByText(/^Filters/).closest('details')!;

describe('BrowseFiltersPanel', () => {
  it('stays open when the user removes the last filter', async () => {
    renderPanel({ ...DEFAULT_FILTERS, skills: ['React'] });
    const user = userEvent.setup();
    expect(details()).toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Remove skill React' }));
    expect(screen.getByText(/^Filters/)).toHaveTextContent(/^Filters$/);
    expect(details()).toHaveAttribute('open');
  });

  it('stays closed or open as the user toggles it', async () => {
    renderPanel(DEFAULT_FILTERS);
    const user = userEvent.setup();
    expect(details()).not.toHaveAttribute('open');
    await user.click(screen.getByText(/^Filters/));
    expect(details()).toHaveAttribute('open');
    await user.selectOptions(screen.getByLabelText('Province'), 'Gauteng');
    await user.selectOptions(screen.getByLabelText('Province'), 'Any province');
    expect(details()).toHaveAttribute('open');
  });
});
