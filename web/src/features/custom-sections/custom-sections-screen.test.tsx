import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import CustomSectionsScreen from './custom-sections-screen.tsx';
import type { CustomSectionOut } from './api.ts';

/** Issue 30: the My sections tab against a stand-in of the API at the network boundary. */
function fakeApi(initial: CustomSectionOut[] = []) {
  let sections = structuredClone(initial);
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') calls.push({ method, path, body });
    if (method === 'POST' && path === '/api/custom-sections') {
      const { title, kind } = body as { title: string; kind: CustomSectionOut['kind'] };
      if (!title.trim()) {
        const error = 'Please enter a section title of 1 to 40 characters.';
        return { status: 400, body: { error, fieldErrors: { title: error } } };
      }
      sections.push({ _id: `s${sections.length + 1}`, title, kind, lastUpdate: '', entries: [] });
      return { status: 201, body: { data: sections } };
    }
    const id = /^\/api\/custom-sections\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && id) {
      sections = sections.filter((s) => s._id !== id);
      return { status: 200, body: { data: sections } };
    }
    return { status: 200, body: { data: sections } };
  });
  return { fetch, calls };
}

const volunteering: CustomSectionOut = {
  _id: 's1',
  title: 'Volunteering',
  kind: 'volunteer',
  lastUpdate: '',
  entries: [
    {
      _id: 'e1',
      title: 'Saturday coding coach',
      subtitle: 'Code4Kids',
      place: 'Soweto',
      startDate: '2018-02',
      endDate: '',
      description: '',
      lastUpdate: '',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('My sections', () => {
  it('says there are none yet, then adds one named after its kind', async () => {
    const api = fakeApi();
    renderWithProviders(<CustomSectionsScreen />);
    expect(await screen.findByText(/no sections of your own yet/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a section' });
    fireEvent.change(within(form).getByLabelText('It holds'), { target: { value: 'awards' } });
    expect(within(form).getByLabelText('Section title')).toHaveValue('Awards');
    fireEvent.click(within(form).getByRole('button', { name: 'Add section' }));
    expect(await screen.findByRole('region', { name: 'Awards' })).toBeInTheDocument();
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/custom-sections', body: { title: 'Awards', kind: 'awards' } },
    ]);
  });

  it("shows the server's message by the title when it refuses one", async () => {
    fakeApi();
    renderWithProviders(<CustomSectionsScreen />);
    const form = await screen.findByRole('form', { name: 'Add a section' });
    fireEvent.change(within(form).getByLabelText('It holds'), { target: { value: 'other' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add section' }));
    expect(
      await within(form).findByText('Please enter a section title of 1 to 40 characters.'),
    ).toBeInTheDocument();
  });

  it('lists the entries and asks before deleting a section', async () => {
    const api = fakeApi([volunteering]);
    renderWithProviders(<CustomSectionsScreen />);
    const region = await screen.findByRole('region', { name: 'Volunteering' });
    expect(within(region).getByText('Saturday coding coach')).toBeInTheDocument();
    expect(within(region).getByText('Code4Kids · Soweto · Feb 2018')).toBeInTheDocument();

    fireEvent.click(
      within(region).getByRole('button', { name: 'Delete the section Volunteering' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this section?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);

    fireEvent.click(
      within(region).getByRole('button', { name: 'Delete the section Volunteering' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Volunteering' })).not.toBeInTheDocument(),
    );
    expect(api.calls).toEqual([
      { method: 'DELETE', path: '/api/custom-sections/s1', body: undefined },
    ]);
  });
});
