import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicLink } from '@vitae/core';
import type { CvVersion } from '../cv/api.ts';
import { renderAt } from '../../test/kit.tsx';
import { PublicLinkDialog } from './public-link-dialog.tsx';

const VERSION: CvVersion = {
  _id: 'a'.repeat(24),
  name: 'Data analyst',
  isDefault: false,
  template: 'template01',
  pageSize: 'A4',
  liveShares: 0,
  publicLink: false,
  excluded: [],
  headline: null,
  summary: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The link API at the network boundary, over one link the test can read. */
function fakeLink() {
  let n = 0;
  const link: PublicLink = {
    enabled: false,
    path: null,
    indexable: false,
    includePhoto: true,
    viewCount: 0,
    lastViewedAt: null,
    views: [],
  };
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (method !== 'GET') bodies.push(body);
      if (method === 'PUT') {
        link.enabled = body.enabled as boolean;
        link.path = link.enabled ? (link.path ?? `/cv/slug${++n}slug${n}slug${n}`) : null;
        if (typeof body.indexable === 'boolean') link.indexable = body.indexable;
        if (typeof body.includePhoto === 'boolean') link.includePhoto = body.includePhoto;
      }
      if (method === 'POST' && url.endsWith('/reset')) link.path = `/cv/reset${++n}reset${n}res`;
      return new Response(JSON.stringify(link), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { link, bodies };
}

afterEach(() => vi.unstubAllGlobals());

describe('the public link dialog', () => {
  it('turns the link on, shows the address, sets options, resets after asking, turns it off', async () => {
    const { link, bodies } = fakeLink();
    renderAt(<PublicLinkDialog version={VERSION} onClose={() => undefined} />, '/app/my-cvs');
    const dialog = await screen.findByRole('dialog', { name: 'Public link · Data analyst' });
    const toggle = await within(dialog).findByRole('switch', { name: 'Public link off' });
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const address = await within(dialog).findByLabelText('Public link');
    expect((address as HTMLInputElement).value).toBe(`${window.location.origin}${link.path}`);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Public link on.');

    await userEvent.click(within(dialog).getByLabelText('Let search engines list this CV'));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Let search engines list this CV')).toBeChecked(),
    );
    expect(bodies.at(-1)).toEqual({ enabled: true, indexable: true });

    const before = link.path;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The link was reset: the old one no longer works.',
    );
    expect(link.path).not.toBe(before);
    expect((within(dialog).getByLabelText('Public link') as HTMLInputElement).value).toContain(
      link.path!,
    );

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Public link on' }));
    await within(dialog).findByRole('switch', { name: 'Public link off' });
    expect(within(dialog).queryByLabelText('Public link')).not.toBeInTheDocument();
  });
});
