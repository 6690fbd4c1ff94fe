import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/kit.tsx';
import { cvDataKey } from '../cv/api.ts';
import { SectionScreen } from './section-screen.tsx';

const version = (_id: string, name: string, excluded: string[] = [], isDefault = false) => ({
  _id,
  name,
  isDefault,
  template: 'template01',
  pageSize: 'A4',
  headline: null,
  summary: null,
  excluded,
  liveShares: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const SKILLS = [
  { _id: 's1', skill: 'Forklift', proficiency: 3, lastUpdate: '2026-01-01T00:00:00.000Z' },
  { _id: 's2', skill: 'Pivot tables', proficiency: 4, lastUpdate: '2026-01-01T00:00:00.000Z' },
];

/** The skill list and the versions API; `refuse` makes the next inclusion change fail. */
function serve(versions: ReturnType<typeof version>[]) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const state = { refuse: false };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/curriculum-vitae/versions') return json(200, { data: versions });
      const put = /^\/api\/curriculum-vitae\/versions\/(\w+)\/entries\/(\w+)$/.exec(url);
      if (put && method === 'PUT') {
        if (state.refuse) return json(404, { error: 'Entry not found' });
        const v = versions.find((x) => x._id === put[1])!;
        const { included } = body as { included: boolean };
        v.excluded = included ? v.excluded.filter((x) => x !== put[2]) : [...v.excluded, put[2]!];
        return json(200, v);
      }
      if (url === '/api/skill') return json(200, { data: SKILLS });
      if (url === '/api/skill/status') return json(200, { status: 2 });
      return json(200, {});
    }),
  );
  return { calls, state };
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('"In this CV"', () => {
  it('is not offered with one CV: every entry is in it', async () => {
    serve([version('v1', 'My CV', [], true)]);
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    expect(await screen.findByText('Forklift')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/curriculum-vitae/versions', expect.anything()),
    );
    expect(screen.queryByRole('checkbox', { name: /in this CV/ })).toBeNull();
  });

  it('puts an entry in or out of the current CV at once, and back when the server refuses', async () => {
    const { calls, state } = serve([
      version('v1', 'My CV', ['s2'], true),
      version('v2', 'Teaching'),
    ]);
    const client = testQueryClient();
    client.setQueryData(cvDataKey, { cv: { _id: 'v1', template: 'template01' }, data: {} });
    renderWithProviders(<SectionScreen sectionKey="skill" />, '/', { client });
    const forklift = await screen.findByRole('checkbox', {
      name: 'Forklift: in this CV (My CV)',
    });
    expect(forklift).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Pivot tables: in this CV (My CV)' }),
    ).not.toBeChecked();

    await userEvent.click(forklift);
    expect(forklift).not.toBeChecked();
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/curriculum-vitae/versions/v1/entries/s1',
        body: { section: 'skill', included: false },
      }),
    );
    // The preview's CV (the one-request CV) is out of date and fetched again where shown.
    await waitFor(() => expect(client.getQueryState(cvDataKey)?.isInvalidated).toBe(true));

    state.refuse = true;
    await userEvent.click(forklift);
    expect(await screen.findByRole('alert')).toHaveTextContent('Entry not found');
    expect(forklift).not.toBeChecked();
  });
});
