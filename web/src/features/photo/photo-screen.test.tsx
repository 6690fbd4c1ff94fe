import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@vitae/core/media';
import PhotoScreen from './photo-screen.tsx';
import { renderWithProviders } from '../../test/kit.tsx';

const PHOTO: Photo = {
  _id: 'p1',
  title: 'Portrait',
  photoUrl: '/media/file/p.png?exp=1&sig=x',
  thumbnailUrl: '/media/file/p-thumb.png?exp=1&sig=x',
  publicId: 'a'.repeat(24),
  assigned: true,
  lastUpdate: '2026-11-23T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('photo list', () => {
  it('shows the last update as every other list does ("23 Nov 2026")', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: [PHOTO] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithProviders(<PhotoScreen />);
    expect(await screen.findByText('Last updated: 23 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByText(/11\/23\/2026/)).toBeNull();
  });
});
