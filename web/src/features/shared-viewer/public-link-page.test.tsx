import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCvData } from '@vitae/core/cv';
import { PUBLIC_LINK_MESSAGES } from '@vitae/core/public-link';
import PublicLinkPage from './public-link-page.tsx';

const SLUG = 'Ab3_dEf-Gh1JkLmN';
const DATA = buildCvData({ personalInfo: { fullName: 'Zanele Mthembu' } });

/** The link's API at the network boundary: answers in order, counting view reports. */
function serve(answers: Array<{ status: number; body: unknown }>) {
  const views: string[] = [];
  const queue = [...answers];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url === `/api/cv-link/${SLUG}/view` && init?.method === 'POST') {
        views.push(url);
        return json(200, { viewId: 'f'.repeat(24) });
      }
      if (url === `/api/cv-link/${SLUG}`) {
        const next = queue.shift() ?? answers.at(-1)!;
        return json(next.status, next.body);
      }
      return json(404, { error: 'unexpected' });
    }),
  );
  return views;
}

const open = {
  status: 200,
  body: { cv: { _id: 'c'.repeat(24), template: 'template02' }, data: DATA },
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`/cv/${SLUG}`]}>
      <Routes>
        <Route path="/cv/:slug" element={<PublicLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('a public CV link', () => {
  it('shows the CV without a pin, counts one view per tab, and offers print and PDF', async () => {
    const views = serve([open]);
    const { unmount } = renderPage();
    expect(await screen.findByText('CV of Zanele Mthembu')).toBeInTheDocument();
    expect(screen.queryByLabelText(/view pin/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    // No "Save CV": that is the HR flow of a share.
    expect(screen.queryByRole('button', { name: 'Save CV' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(views).toHaveLength(1));
    unmount();
    renderPage();
    await screen.findByText('CV of Zanele Mthembu');
    expect(views).toHaveLength(1);
  });

  it('says plainly when the link was turned off or replaced', async () => {
    const views = serve([{ status: 404, body: { error: PUBLIC_LINK_MESSAGES.notFound } }]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(PUBLIC_LINK_MESSAGES.notFound);
    expect(views).toEqual([]);
  });

  it('offers to try again when the server fails, and then shows the CV', async () => {
    serve([{ status: 500, body: { error: 'boom' } }, open]);
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('The CV could not be loaded.');
    await userEvent.click(retry);
    expect(await screen.findByText('CV of Zanele Mthembu')).toBeInTheDocument();
  });
});
