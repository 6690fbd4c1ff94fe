import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicCvStatus } from '@vitae/core/hr';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { stubFetch } from '../auth/test-utils.tsx';
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
};
const UNLISTED: PublicCvStatus = { isListed: false, listedAt: null, publicCV: null };

const renderCard = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CvVisibilityCard />
    </QueryClientProvider>,
  );

describe('CV visibility card', () => {
  it('turns the listing on and shows the views', async () => {
    let status = UNLISTED;
    const fetch = stubFetch((url, init) => {
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
    expect(screen.getByRole('list', { name: 'Recent views' })).toHaveTextContent('Rita Recruiter');
  });

  it('shows a live view banner and refetches the status', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: LISTED }));
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
});
