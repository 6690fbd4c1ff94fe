import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactRequest, PublicCvStatus } from '@vitae/core/hr';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { CvVisibilityCard } from './cv-visibility-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const LISTED: PublicCvStatus = {
  isListed: true,
  listedAt: '2026-11-01T10:00:00.000Z',
  publicCV: {
    _id: 'p1',
    curriculumVitaeID: 'cv1',
    viewCount: 5,
    hrViews: [
      { hrUserName: 'Rita Recruiter', viewedAt: '2026-11-03T10:00:00.000Z' },
      { hrUserName: 'Sam Hr', viewedAt: '2026-11-02T10:00:00.000Z' },
    ],
  },
  contactMode: 'open',
};
const UNLISTED: PublicCvStatus = {
  isListed: false,
  listedAt: null,
  publicCV: null,
  contactMode: 'open',
};
const REQUESTS = '/api/public-cv/contact-requests';

const renderCard = () => renderWithProviders(<CvVisibilityCard />);

describe('CV visibility card', () => {
  it('chooses the CV version shown to recruiters when the user has several', async () => {
    let status = LISTED;
    const versions = [
      { _id: 'cv1', name: 'My CV', isDefault: true },
      { _id: 'cv2', name: 'Data analyst', isDefault: false },
    ];
    const puts: unknown[] = [];
    stubFetch((url, init) => {
      if (url === REQUESTS) return { status: 200, body: { data: [] } };
      if (url === '/api/curriculum-vitae/versions')
        return { status: 200, body: { data: versions } };
      if (url === '/api/public-cv/version') {
        const { version } = JSON.parse(String(init!.body)) as { version: string };
        puts.push(version);
        status = { ...LISTED, publicCV: { ...LISTED.publicCV!, curriculumVitaeID: version } };
      }
      return { status: 200, body: status };
    });
    renderCard();
    const pick = await screen.findByRole('combobox', { name: 'CV shown to recruiters' });
    expect(pick).toHaveDisplayValue('My CV (default)');
    await userEvent.selectOptions(pick, 'Data analyst');
    await waitFor(() => expect(puts).toEqual(['cv2']));
    await waitFor(() => expect(pick).toHaveDisplayValue('Data analyst'));
  });

  it('turns the listing on and shows the views', async () => {
    let status = UNLISTED;
    const fetch = stubFetch((url, init) => {
      if (url === REQUESTS) return { status: 200, body: { data: [] } };
      if (init?.method === 'POST') status = LISTED;
      return { status: 200, body: status };
    });
    renderCard();
    expect(await screen.findByText('Not listed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /TURN ON/ }));
    expect(await screen.findByRole('button', { name: /TURN OFF/ })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/public-cv/toggle',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByTestId('public-cv-views')).toHaveTextContent('5');
    expect(screen.getByRole('list', { name: 'Latest visits' })).toHaveTextContent('Rita Recruiter');
  });

  it('says what the count counts when it is smaller than the visits listed', async () => {
    const rita = (at: string) => ({ hrUserName: 'Rita Recruiter', viewedAt: at });
    const status: PublicCvStatus = {
      ...LISTED,
      publicCV: {
        ...LISTED.publicCV!,
        viewCount: 2,
        hrViews: [
          rita('2026-11-03T10:40:00.000Z'),
          rita('2026-11-03T10:05:00.000Z'),
          rita('2026-11-02T09:00:00.000Z'),
        ],
      },
    };
    stubFetch((url) =>
      url === REQUESTS ? { status: 200, body: { data: [] } } : { status: 200, body: status },
    );
    renderCard();
    expect(await screen.findByTestId('public-cv-views')).toHaveTextContent('2');
    expect(
      screen.getByText('Visits by the same HR user within an hour count as one view.'),
    ).toBeInTheDocument();
    const visits = screen.getByRole('list', { name: 'Latest visits' });
    expect(within(visits).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a live view banner and refetches the status', async () => {
    const fetch = stubFetch((url) =>
      url === REQUESTS ? { status: 200, body: { data: [] } } : { status: 200, body: LISTED },
    );
    renderCard();
    await screen.findByText('Listed');
    const calls = fetch.mock.calls.length;
    act(() =>
      dispatchSocketEvent('public-cv-viewed', {
        hrUserName: 'Rita Recruiter',
        viewedAt: new Date().toISOString(),
        viewCount: 6,
      }),
    );
    expect(screen.getByText('Rita Recruiter just viewed your CV!')).toBeInTheDocument();
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });

  it('puts the contact details on request and answers the requests', async () => {
    let status: PublicCvStatus = LISTED;
    let requests: ContactRequest[] = [
      {
        _id: 'r1',
        hrUserName: 'Rita Recruiter',
        status: 'pending',
        requestedAt: '2026-11-03T10:00:00.000Z',
        decidedAt: null,
      },
      {
        _id: 'r2',
        hrUserName: 'Sam Hr',
        status: 'approved',
        requestedAt: '2026-11-02T10:00:00.000Z',
        decidedAt: '2026-11-02T12:00:00.000Z',
      },
    ];
    const decide = (id: string, to: ContactRequest['status']) => {
      requests = requests.map((r) => (r._id === id ? { ...r, status: to, decidedAt: 'now' } : r));
      return { status: 200, body: requests.find((r) => r._id === id) };
    };
    const fetch = stubFetch((url, init) => {
      if (url === REQUESTS) return { status: 200, body: { data: requests } };
      if (url === '/api/public-cv/contact-mode') {
        status = { ...status, contactMode: JSON.parse(init!.body as string).mode };
        return { status: 200, body: status };
      }
      if (url === `${REQUESTS}/r1/decline`) return decide('r1', 'declined');
      if (url === `${REQUESTS}/r2/decline`) return decide('r2', 'declined');
      return { status: 200, body: status };
    });
    renderCard();
    // Drawn, disabled, before the status arrives: the cards below keep their place.
    expect(screen.getByRole('radio', { name: /Show them to HR users/ })).toBeDisabled();
    const onRequest = await screen.findByRole('radio', { name: /Only after I approve a request/ });
    // The choice is drawn (disabled) while the status loads; the stored mode shows once it has.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Show them to HR users/ })).toBeChecked(),
    );
    expect(onRequest).toBeEnabled();
    await userEvent.click(onRequest);
    await waitFor(() => expect(onRequest).toBeChecked());
    expect(fetch).toHaveBeenCalledWith(
      '/api/public-cv/contact-mode',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ mode: 'on-request' }) }),
    );

    const list = await screen.findByRole('region', { name: 'Requests for your contact details' });
    const [rita, sam] = within(list).getAllByRole('listitem');
    expect(rita).toHaveTextContent('Waiting for you');
    expect(sam).toHaveTextContent('Approved');
    await userEvent.click(
      within(rita!).getByRole('button', { name: "Decline Rita Recruiter's request" }),
    );
    await waitFor(() => expect(rita).toHaveTextContent('Declined'));
    // A declined request can still be approved later.
    expect(
      within(rita!).getByRole('button', { name: "Approve Rita Recruiter's request" }),
    ).toBeInTheDocument();
    // Revoking an approval hides the details again.
    await userEvent.click(within(sam!).getByRole('button', { name: "Revoke Sam Hr's access" }));
    await waitFor(() => expect(sam).toHaveTextContent('Declined'));
  });
});
