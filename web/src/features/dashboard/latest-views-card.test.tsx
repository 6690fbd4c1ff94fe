import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LatestView } from '@vitae/core/share';
import { renderWithProviders } from '../../test/kit.tsx';
import { when } from '../my-shares/index.ts';
import { LatestViewsCard } from './latest-views-card.tsx';

function stubLatest(data: LatestView[]) {
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const ok = String(input) === '/api/views/latest';
    return new Response(JSON.stringify(ok ? { data } : { error: 'Not found' }), {
      status: ok ? 200 : 404,
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return fetchFake;
}

afterEach(() => vi.unstubAllGlobals());

describe('latest views card', () => {
  it('lists who viewed, when in local time, and device and video for share views', async () => {
    const fetchFake = stubLatest([
      {
        _id: 'a'.repeat(24),
        viewedAt: '2026-11-23T14:05:00.000Z',
        source: 'share',
        who: 'thandi@acme.example',
        deviceKind: 'phone',
        videoPercent: 40,
      },
      {
        _id: 'b'.repeat(24),
        viewedAt: '2026-11-22T09:00:00.000Z',
        source: 'hr',
        who: 'Sipho HR',
        deviceKind: 'desktop',
        videoPercent: 75,
      },
    ]);
    renderWithProviders(<LatestViewsCard />);

    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('thandi@acme.example')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(
      `${when('2026-11-23T14:05:00.000Z')} · Phone · Video watched 40%`,
    );
    expect(rows[1]).toHaveTextContent('Sipho HR');
    expect(rows[1]).toHaveTextContent(
      `${when('2026-11-22T09:00:00.000Z')} · HR user, public listing · Desktop · Video watched 75%`,
    );
    expect(screen.getByRole('link', { name: 'See my shares' })).toHaveAttribute(
      'href',
      '/app/my-shares',
    );
    expect(fetchFake.mock.calls.map(([u]) => String(u))).toEqual(['/api/views/latest']);
  });

  it('reads the video figure afresh when the tab comes back, as the share trail does', async () => {
    const view: LatestView = {
      _id: 'a'.repeat(24),
      viewedAt: '2026-11-23T14:05:00.000Z',
      source: 'share',
      who: 'thandi@acme.example',
      deviceKind: 'phone',
      videoPercent: 0,
    };
    stubLatest([view]);
    renderWithProviders(<LatestViewsCard />);
    expect(await screen.findByText(/Video watched 0%/)).toBeInTheDocument();

    const fetchFake = stubLatest([{ ...view, videoPercent: 82 }]);
    act(() => window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText(/Video watched 82%/)).toBeInTheDocument();
    expect(fetchFake).toHaveBeenCalledTimes(1);
  });

  it('says so when no one has viewed the CV yet', async () => {
    stubLatest([]);
    renderWithProviders(<LatestViewsCard />);
    expect(await screen.findByText('No one has viewed your CV yet.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
