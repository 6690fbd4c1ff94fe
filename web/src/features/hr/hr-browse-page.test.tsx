import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrowseItem, BrowsePage } from '@vitae/core/hr';
import { stubFetch } from '../auth/test-utils.tsx';
import HrBrowsePage from './hr-browse-page.tsx';
import { renderPage } from './hr-test-utils.tsx';

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<BrowseItem>): BrowseItem => ({
  _id: 'p1',
  curriculumVitaeID: 'cv1',
  fullName: 'Thandi Mokoena',
  dateOfBirth: '1990-04-02',
  gender: 'female',
  nationality: 'South African',
  listedAt: '2026-11-01T10:00:00.000Z',
  viewCount: 0,
  isSaved: false,
  ...over,
});

describe('HR browse', () => {
  it('shows stats and cards, asks the server with the filters, saves a CV', async () => {
    let saved = false;
    const fetch = stubFetch((url, init) => {
      if (url.endsWith('/save-pending')) return { status: 204, body: undefined };
      if (init?.method === 'POST') {
        saved = true;
        return { status: 201, body: { success: true, message: 'ok', data: {} } };
      }
      const page: BrowsePage = {
        data: [
          item({ isSaved: saved }),
          item({
            _id: 'p2',
            fullName: 'Sipho Dlamini',
            gender: 'male',
            viewCount: 3,
            isSaved: true,
          }),
        ],
        total: 2,
        page: 1,
        hasMore: false,
        stats: { available: 7, saved: saved ? 2 : 1 },
      };
      return { status: 200, body: page };
    });
    renderPage(<HrBrowsePage />, '/app/hr-browse-cvs');
    const list = await screen.findByRole('list', { name: 'Public CVs' });
    expect(screen.getByText('Available CVs').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Filtered Results').nextSibling).toHaveTextContent('2');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('TM');
    expect(first).toHaveTextContent('South African');
    expect(first).not.toHaveTextContent('Views');
    expect(second).toHaveTextContent('Saved');
    expect(second).toHaveTextContent('Views3');
    expect(within(second!).getByRole('link', { name: /View CV/ })).toHaveAttribute(
      'href',
      '/app/hr-view-cv/p2',
    );

    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'male');
    await userEvent.click(screen.getByLabelText('Show saved only'));
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => c[0]).at(-1)).toMatch(/gender=male.*savedOnly=true/),
    );

    await userEvent.click(within(first!).getByRole('button', { name: /Save CV/ }));
    expect(
      await screen.findByText("Thandi Mokoena's CV has been saved to your dashboard!"),
    ).toBeInTheDocument();
  });

  it('shows the store error with a close button', async () => {
    stubFetch(() => ({ status: 500, body: { error: 'Failed to fetch public CVs' } }));
    renderPage(<HrBrowsePage />, '/app/hr-browse-cvs');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch public CVs');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
