import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, testQueryClient } from '../../test/kit.tsx';
import { showVersion } from '../cv/api.ts';
import MyCvsPage from './my-cvs-page.tsx';

interface V {
  _id: string;
  name: string;
  isDefault: boolean;
  template: string;
  pageSize: string;
  liveShares: number;
  excluded: string[];
}

const v = (_id: string, name: string, extra: Partial<V> = {}): V => ({
  _id,
  name,
  isDefault: false,
  template: 'template01',
  pageSize: 'A4',
  liveShares: 0,
  excluded: [],
  ...extra,
});

/** The versions API at the network boundary, over a list the test can read. */
function fakeVersions(initial: V[]) {
  const store = structuredClone(initial);
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const [path] = url.split('?');
      const id = path!.split('/')[4];
      if (method === 'GET') return json(200, { data: store });
      if (method === 'POST') {
        const { name, from } = body as { name: string; from?: string };
        if (store.some((x) => x.name.toLowerCase() === name.toLowerCase())) {
          return json(409, { error: 'You already have a CV with this name.' });
        }
        const source = store.find((x) => x._id === from);
        const made = v(`v${store.length + 1}`, name, source && { template: source.template });
        store.push(made);
        return json(201, made);
      }
      const i = store.findIndex((x) => x._id === id);
      if (method === 'PATCH') {
        const { name } = body as { name?: string };
        if (
          name &&
          store.some((x) => x._id !== id && x.name.toLowerCase() === name.toLowerCase())
        ) {
          return json(409, {
            error: 'You already have a CV with this name.',
            fieldErrors: { name: 'You already have a CV with this name.' },
          });
        }
        store[i] = { ...store[i]!, ...(body as object) };
        return json(200, store[i]);
      }
      // DELETE
      if (store[i]!.liveShares > 0 && !url.includes('revokeShares=true')) {
        return json(409, { error: 'This CV has live shares.' });
      }
      store.splice(i, 1);
      return json(200, { data: store });
    }),
  );
  return { store, calls };
}

const renderPage = () => renderAt(<MyCvsPage />, '/app/my-cvs');
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

afterEach(async () => {
  vi.unstubAllGlobals();
  await showVersion(testQueryClient(), null);
});

describe('My CVs', () => {
  it('lists each CV with its template, paper, shares and the default badge', async () => {
    fakeVersions([
      v('v1', 'My CV', { isDefault: true }),
      v('v2', 'Data analyst', { template: 'template07', pageSize: 'Letter', liveShares: 2 }),
    ]);
    renderPage();
    expect(screen.getByText('Loading your CVs...')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Your CVs' });
    expect(within(row('My CV')).getByText('Default')).toBeInTheDocument();
    expect(
      within(row('Data analyst')).getByText('Finance · US Letter · 2 live shares'),
    ).toBeInTheDocument();
    expect(within(row('Data analyst')).queryByText('Default')).toBeNull();
  });

  it('makes a new CV from all entries or as a copy, and says when the name is taken', async () => {
    const api = fakeVersions([v('v1', 'My CV', { isDefault: true, template: 'template04' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New CV' }));
    const dialog = screen.getByRole('dialog', { name: 'New CV' });
    const name = within(dialog).getByLabelText('CV name');
    expect(name).toHaveFocus();
    await userEvent.type(name, 'my cv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create CV' }));
    expect(
      await within(dialog).findByText('You already have a CV with this name.'),
    ).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'Data analyst');
    await userEvent.selectOptions(within(dialog).getByLabelText('Start from'), 'A copy of My CV');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create CV' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'Data analyst',
      from: 'v1',
    });
    expect(await screen.findByRole('heading', { name: 'Data analyst' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('“Data analyst” created.');
  });

  it('renames in place: Enter saves, Escape cancels, a clash shows the server message', async () => {
    const api = fakeVersions([v('v1', 'My CV', { isDefault: true }), v('v2', 'Teaching')]);
    renderPage();
    await screen.findByRole('list', { name: 'Your CVs' });
    await userEvent.click(within(row('Teaching')).getByRole('button', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'New name for Teaching' });
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(row('Teaching')).getByRole('button', { name: 'Rename' })).toHaveFocus();

    await userEvent.click(within(row('Teaching')).getByRole('button', { name: 'Rename' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'New name for Teaching' }));
    await userEvent.keyboard('MY CV{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a CV with this name.',
    );
    expect(api.store[1]!.name).toBe('Teaching');

    await userEvent.clear(screen.getByRole('textbox', { name: 'New name for Teaching' }));
    await userEvent.keyboard('Lecturer{Enter}');
    expect(await screen.findByRole('heading', { name: 'Lecturer' })).toBeInTheDocument();
    expect(api.store[1]!.name).toBe('Lecturer');
  });

  it('asks before deleting; a CV with live shares says they will be revoked; the last one stays', async () => {
    const api = fakeVersions([
      v('v1', 'My CV', { isDefault: true }),
      v('v2', 'Data analyst', { liveShares: 2 }),
    ]);
    renderPage();
    await screen.findByRole('list', { name: 'Your CVs' });
    await userEvent.click(within(row('Data analyst')).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Data analyst”?' });
    expect(dialog).toHaveTextContent(
      'This CV has 2 live shares. Deleting it revokes them: their recipients can no longer open it.',
    );
    // Escape keeps it.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.store).toHaveLength(2);

    await userEvent.click(within(row('Data analyst')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete and revoke shares' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Data analyst' })).toBeNull());
    expect(api.calls.at(-2)).toMatchObject({
      method: 'DELETE',
      url: '/api/curriculum-vitae/versions/v2?revokeShares=true',
    });
    expect(screen.getByRole('heading', { name: 'My CVs' })).toHaveFocus();
    // The only CV left has no Delete.
    expect(within(row('My CV')).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('opens a CV in the builder as the current one', async () => {
    fakeVersions([v('v1', 'My CV', { isDefault: true }), v('v2', 'Teaching')]);
    renderPage();
    await screen.findByRole('list', { name: 'Your CVs' });
    await userEvent.click(within(row('Teaching')).getByRole('button', { name: 'Open in builder' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/app/cv-builder');
    expect(localStorage.getItem('vitae.cvVersion')).toBe('v2');
  });

  it('says when the list cannot be loaded, with a way to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderPage();
    expect(await screen.findByText('Your CVs could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
