import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARES_PAGE_SIZE, type ShareSummary, type ShareView } from '@vitae/core/share';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { LocationProbe, renderWithProviders } from '../../test/kit.tsx';
import MySharesPage from './my-shares-page.tsx';

const id = (n: number) => n.toString(16).padStart(24, '0');

function share(n: number, over: Partial<ShareSummary> = {}): ShareSummary {
  return {
    _id: id(n),
    curriculumVitaeID: 'c'.repeat(24),
    subject: `CV Application ${n}`,
    message: 'Dear Hiring Manager',
    recipients: [{ email: `hr${n}@acme.example`, key: 'k' }],
    recipientName: null,
    CVTemplate: 'template01',
    assignedPhotoUrl: null,
    createdAt: '2026-11-23T12:05:00.000Z',
    recipientEmail: `hr${n}@acme.example`,
    expiresAt: '2026-12-23T12:05:00.000Z',
    revokedAt: null,
    status: 'sent',
    viewCount: 0,
    lastViewedAt: null,
    ...over,
  };
}

const VIEWS: ShareView[] = [
  { _id: id(900), viewedAt: '2026-11-23T13:00:00.000Z', deviceKind: 'phone', videoPercent: 40 },
  { _id: id(901), viewedAt: '2026-11-23T12:30:00.000Z', deviceKind: 'desktop', videoPercent: 0 },
];

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let rows: ShareSummary[];
let total: number;
let listStatus: number;
/** Holds action answers until released, to see the busy state. */
let hold: Promise<void> | null;

function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const page = /^\/api\/share-cv\?page=(\d+)$/.exec(url);
      if (page) {
        if (listStatus !== 200) return json({ error: 'boom' }, listStatus);
        return json({ data: rows, total, page: Number(page[1]), pageSize: SHARES_PAGE_SIZE });
      }
      const action = /^\/api\/share-cv\/([0-9a-f]{24})\/(revoke|expiry|resend|views)$/.exec(url);
      if (action) {
        const [, shareId, kind] = action;
        if (kind === 'views') return json({ data: VIEWS });
        if (hold) await hold;
        const row = rows.find((r) => r._id === shareId)!;
        if (kind === 'revoke') Object.assign(row, { status: 'revoked', revokedAt: row.createdAt });
        if (kind === 'expiry') Object.assign(row, { expiresAt: null });
        return json(row);
      }
      return json({ error: 'unexpected' }, 404);
    }),
  );
}

function renderPage(path = '/app/my-shares') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/app/my-shares"
        element={
          <>
            <MySharesPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    path,
  );
}

const savedTz = process.env.TZ;
beforeEach(() => {
  // The viewer is in Johannesburg (UTC+2): times show in their zone.
  process.env.TZ = 'Africa/Johannesburg';
  rows = [
    share(3, { status: 'opened', viewCount: 2, lastViewedAt: '2026-11-23T13:00:00.000Z' }),
    share(2, { status: 'expired', expiresAt: '2026-11-20T08:00:00.000Z' }),
    share(1, { expiresAt: null }),
  ];
  total = 3;
  listStatus = 200;
  hold = null;
  serve();
});
afterEach(() => {
  process.env.TZ = savedTz;
  if (savedTz === undefined) delete process.env.TZ;
  vi.unstubAllGlobals();
});

const row = (email: string) => screen.getByRole('heading', { name: email }).closest('li')!;

describe('My shares', () => {
  it('lists each share with recipient, subject, dates, status and views', async () => {
    renderPage();
    const opened = within(await screen.findByRole('list', { name: 'Shares' }))
      .getAllByRole('listitem')
      .at(0)!;
    expect(within(opened).getByRole('heading')).toHaveTextContent('hr3@acme.example');
    expect(opened).toHaveTextContent('CV Application 3');
    expect(opened).toHaveTextContent('Opened');
    expect(opened).toHaveTextContent('Sent23 Nov 2026, 14:05');
    expect(opened).toHaveTextContent('Expires23 Dec 2026, 14:05');
    expect(opened).toHaveTextContent('Views2');
    expect(opened).toHaveTextContent('Last viewed23 Nov 2026, 15:00');
    expect(row('hr2@acme.example')).toHaveTextContent('Expired20 Nov 2026, 10:00');
    expect(row('hr1@acme.example')).toHaveTextContent('ExpiresNever');
    // An expired share gets a new expiry before it can be sent again.
    const expired = within(row('hr2@acme.example'));
    expect(expired.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(expired.getByRole('button', { name: 'Change expiry' })).toBeEnabled();
    expect(row('hr1@acme.example')).toHaveTextContent('Last viewedNot yet');
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages with Previous and Next, keeping the page in the address', async () => {
    total = 45;
    const user = userEvent.setup();
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await within(nav).findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/my-shares?page=2');
    expect(calls.map((c) => c.url)).toContain('/api/share-cv?page=2');
  });

  it('opens the page the address names', async () => {
    total = 45;
    renderPage('/app/my-shares?page=3');
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls[0]!.url).toBe('/api/share-cv?page=3');
  });

  it('revokes after confirming, then shows the share as revoked', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Shares' });
    await user.click(within(row('hr1@acme.example')).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this share?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(row('hr1@acme.example')).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke this share?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await vi.waitFor(() =>
      expect(within(row('hr1@acme.example')).getByTestId('share-status')).toHaveTextContent(
        'Revoked',
      ),
    );
    expect(row('hr1@acme.example')).toHaveTextContent('Revoked23 Nov 2026, 14:05');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toContainEqual(
      expect.objectContaining({ url: `/api/share-cv/${id(1)}/revoke`, method: 'POST' }),
    );
    const r = within(row('hr1@acme.example'));
    expect(r.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    expect(r.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(r.getByRole('button', { name: 'Change expiry' })).toBeDisabled();
    expect(r.getByRole('button', { name: 'Views' })).toBeEnabled();
  });

  it('changes the expiry to never', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Shares' });
    await user.click(
      within(row('hr3@acme.example')).getByRole('button', { name: 'Change expiry' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Change expiry' });
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(await within(row('hr3@acme.example')).findByText('Never')).toBeInTheDocument();
    expect(calls).toContainEqual({
      url: `/api/share-cv/${id(3)}/expiry`,
      method: 'PATCH',
      body: { expiresInDays: null },
    });
  });

  it('resends with the button busy until the server answers', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Shares' });
    const resend = within(row('hr3@acme.example')).getByRole('button', { name: 'Resend' });
    await user.click(resend);
    expect(resend).toBeDisabled();
    expect(resend).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    expect(await screen.findByText('A new pin was sent to hr3@acme.example.')).toBeInTheDocument();
    expect(resend).toBeEnabled();
    expect(calls).toContainEqual(
      expect.objectContaining({ url: `/api/share-cv/${id(3)}/resend`, method: 'POST' }),
    );
  });

  it('shows the view trail of a share with when, device and video watched', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('list', { name: 'Shares' });
    const views = within(row('hr3@acme.example')).getByRole('button', { name: 'Views' });
    expect(views).toHaveAttribute('aria-expanded', 'false');
    await user.click(views);
    const trail = await screen.findByRole('list', { name: 'View trail' });
    const items = within(trail).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('23 Nov 2026, 15:00');
    expect(items[0]).toHaveTextContent('Phone');
    expect(items[0]).toHaveTextContent('Video watched 40%');
    expect(items[1]).toHaveTextContent('Desktop');
    expect(calls.map((c) => c.url)).toContain(`/api/share-cv/${id(3)}/views`);
    await user.click(screen.getByRole('button', { name: 'Hide views' }));
    expect(screen.queryByRole('list', { name: 'View trail' })).toBeNull();
  });

  it('refreshes when a recipient opens a share', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Shares' });
    rows[2] = { ...rows[2]!, status: 'opened', viewCount: 1 };
    act(() =>
      dispatchSocketEvent('cv-viewed', {
        curriculumVitaeID: 'c'.repeat(24),
        recipientEmail: 'hr1@acme.example',
        recipientName: 'Anonymous Viewer',
        viewedAt: new Date().toISOString(),
      }),
    );
    await vi.waitFor(() =>
      expect(within(row('hr1@acme.example')).getByTestId('share-status')).toHaveTextContent(
        'Opened',
      ),
    );
  });

  it('says so when nothing was shared yet, with a link to share', async () => {
    rows = [];
    total = 0;
    renderPage();
    expect(await screen.findByText('You have not shared your CV yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share your CV' })).toHaveAttribute(
      'href',
      '/app/share-cv',
    );
  });

  it('shows an error with a retry when the list fails', async () => {
    listStatus = 500;
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Failed to load your shares')).toBeInTheDocument();
    listStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Shares' })).toBeInTheDocument();
  });
});
