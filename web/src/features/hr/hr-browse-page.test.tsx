import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrowsePage } from '@vitae/core/hr';
import { renderAt, stubFetch } from '../../test/kit.tsx';
import HrBrowsePage from './hr-browse-page.tsx';
import { browseItem } from './browse-item.ts';

afterEach(() => vi.unstubAllGlobals());

const item = browseItem;

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
    renderAt(<HrBrowsePage />, '/app/hr-browse-cvs');
    const list = await screen.findByRole('list', { name: 'Public CVs' });
    expect(screen.getByText('Available CVs').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Filtered Results').nextSibling).toHaveTextContent('2');
    const [first, second] = [...list.children] as HTMLElement[];
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

  it("says in the preview how an on-request candidate's contact details are reached", async () => {
    const page = (data: BrowsePage['data']): BrowsePage => ({
      data,
      total: data.length,
      page: 1,
      hasMore: false,
      stats: { available: data.length, saved: 0 },
    });
    stubFetch(() => ({
      status: 200,
      body: page([
        item({ contactMode: 'on-request' }),
        item({ _id: 'p2', fullName: 'Sipho Dlamini' }),
      ]),
    }));
    renderAt(<HrBrowsePage />, '/app/hr-browse-cvs');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Thandi Mokoena' }));
    let dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'This candidate shares their email, phone number and street address on request: save the CV, then ask for them.',
    );
    expect(dialog).not.toHaveTextContent('Contact details are shown once you save the CV.');
    // Age and gender left the card; the Preview still has them.
    expect(within(dialog).getByText('Age')).toBeInTheDocument();
    expect(within(dialog).getByText('Gender')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Preview Sipho Dlamini' }));
    dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Contact details are shown once you save the CV.');
  });

  it('shows the store error with a close button', async () => {
    stubFetch(() => ({ status: 500, body: { error: 'Internal Server Error' } }));
    renderAt(<HrBrowsePage />, '/app/hr-browse-cvs');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch public CVs');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('HR browse filters in the URL', () => {
  const empty: BrowsePage = {
    data: [],
    total: 0,
    page: 1,
    hasMore: false,
    stats: { available: 3, saved: 0 },
  };

  it('reads a bookmarked URL into the filters and asks the server with them', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: empty }));
    renderAt(
      <HrBrowsePage />,
      '/app/hr-browse-cvs?skills=Python,SQL&skillMode=all&language=isiZulu&languageLevel=B2&province=Gauteng&minYears=3&hasVideo=true',
      '/app/hr-browse-cvs',
    );
    expect(await screen.findByText('No CVs Found')).toBeInTheDocument();
    const url = decodeURIComponent(String(fetch.mock.calls.at(-1)![0]));
    expect(url).toContain('skills=Python,SQL');
    expect(url).toContain('skillMode=all');
    expect(url).toContain('language=isiZulu');
    expect(url).toContain('languageLevel=B2');
    expect(url).toContain('province=Gauteng');
    expect(url).toContain('minYears=3');
    expect(url).toContain('hasVideo=true');
    expect(screen.getByLabelText('Province')).toHaveValue('Gauteng');
    expect(screen.getByLabelText('Minimum level (CEFR)')).toHaveValue('B2');
    expect(screen.getByLabelText('Language')).toHaveValue('isiZulu');
    expect(screen.getByLabelText('Has a video introduction')).toBeChecked();
    const chips = screen.getByRole('list', { name: 'Chosen skills' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Python×', 'SQL×']);
    expect(screen.getByText('Filters (5)')).toBeInTheDocument();
  });

  it('adds and removes a skill and a language level, asking the server each time', async () => {
    const fetch = stubFetch((url) =>
      String(url).includes('/skills?')
        ? { status: 200, body: { data: [{ skill: 'Python', count: 12 }] } }
        : { status: 200, body: empty },
    );
    renderAt(<HrBrowsePage />, '/app/hr-browse-cvs');
    await screen.findByText('No CVs Found');
    const lastBrowse = () =>
      decodeURIComponent(
        String(
          fetch.mock.calls
            .map((c) => String(c[0]))
            .filter((u) => u.includes('/browse?'))
            .at(-1),
        ),
      );
    await userEvent.type(screen.getByLabelText('Skills'), 'Python{Enter}');
    await waitFor(() => expect(lastBrowse()).toContain('skills=Python'));
    await userEvent.selectOptions(screen.getByLabelText('Minimum level (CEFR)'), 'C1');
    await userEvent.type(screen.getByLabelText('Language'), 'English');
    await waitFor(() => expect(lastBrowse()).toMatch(/language=English&languageLevel=C1/));
    await userEvent.click(screen.getByRole('button', { name: 'Remove skill Python' }));
    await waitFor(() => expect(lastBrowse()).not.toContain('skills='));
  });
});
