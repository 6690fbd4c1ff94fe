import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch, testQueryClient } from '../../test/kit.tsx';
import { currentVersion, showVersion } from '../cv/api.ts';
import type { ImportResult } from './api.ts';
import ImportDialog from './import-dialog.tsx';

const version = (_id: string, name: string, isDefault = false) => ({
  _id,
  name,
  isDefault,
  template: 'template01',
  pageSize: 'A4',
  headline: null,
  summary: null,
  excluded: [],
  liveShares: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const skill = (name: string, already?: boolean) => ({
  values: { skill: name, proficiency: 4 },
  errors: null,
  ...(already !== undefined && { already }),
});

/** What the server answers a Vitae export's preview: as an add, or as a merge into a CV. */
function answer(query: URLSearchParams): ImportResult {
  const merge = query.has('target');
  return {
    mode: 'add',
    imported: !query.has('dryRun'),
    sections: [
      {
        key: 'skill',
        label: 'Skills',
        kind: 'list',
        existing: 2,
        count: merge ? 1 : 3,
        ...(merge && { already: 2 }),
        entries: merge
          ? [skill('Excel', true), skill('SQL', true), skill('Forecasting', false)]
          : [skill('Excel'), skill('SQL'), skill('Forecasting')],
      },
    ],
    notes: [],
    layout: { name: 'Data analyst' },
    certificates: null,
    version:
      query.get('target') === 'new' && !query.has('dryRun')
        ? { _id: 'v3', name: 'Data analyst (2)' }
        : null,
  };
}

function fakeServer({ versions = 2, refuse }: { versions?: number; refuse?: string } = {}) {
  const list = [version('v1', 'My CV', true), version('v2', 'Data analyst')];
  for (let i = list.length; i < versions; i++) list.push(version(`x${i}`, `CV ${i}`));
  const imports: URLSearchParams[] = [];
  let versionReads = 0;
  stubFetch((url) => {
    if (url.includes('/api/curriculum-vitae/versions')) {
      versionReads += 1;
      return { status: 200, body: { data: list } };
    }
    if (url.includes('/api/cv/import')) {
      const query = new URLSearchParams(url.split('?')[1]);
      imports.push(query);
      if (refuse && !query.has('dryRun')) return { status: 409, body: { error: refuse } };
      const result = answer(query);
      if (result.version) list.push(version(result.version._id, result.version.name));
      return { status: 200, body: result };
    }
    return { status: 200, body: { data: [] } };
  });
  return { imports, versionReads: () => versionReads };
}

const vitaeFile = () =>
  new File([JSON.stringify({ meta: { vitae: { layout: { name: 'Data analyst' } } } })], 'cv.json', {
    type: 'application/json',
  });

async function openWith(file: File) {
  renderWithProviders(<ImportDialog open onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Import your CV' });
  await userEvent.upload(within(dialog).getByLabelText(/Choose a JSON Resume/), file);
  return dialog;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await showVersion(testQueryClient(), null);
});

describe('ImportDialog into a CV version', () => {
  it('offers a Vitae export as a new CV, shows what is new, and switches to the CV it makes', async () => {
    const server = fakeServer();
    const dialog = await openWith(vitaeFile());
    const asNew = await within(dialog).findByRole('radio', { name: 'Import as a new CV' });
    await waitFor(() => expect(asNew).toBeChecked());
    expect(
      await within(dialog).findByText('1 new entry for your profile, 2 already in it.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-skill')).toHaveTextContent('1 new, 2 already there');
    expect(server.imports.at(-1)?.get('target')).toBe('new');

    const readsBefore = server.versionReads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import as a new CV' }));
    expect(
      await within(dialog).findByText(/“Data analyst \(2\)” is in My CVs/),
    ).toBeInTheDocument();
    expect(currentVersion()).toBe('v3');
    // The CVs were read again (My CVs and the switcher list the new one).
    expect(server.versionReads()).toBeGreaterThan(readsBefore);
    const done = server.imports.at(-1)!;
    expect(done.get('target')).toBe('new');
    expect(done.has('dryRun')).toBe(false);
  });

  it('updates the layout of the CV picked in the select, the default first', async () => {
    const server = fakeServer();
    const dialog = await openWith(vitaeFile());
    const select = await within(dialog).findByRole('combobox', {
      name: 'CV whose layout to update',
    });
    expect(select).toHaveValue('v1');
    // Keyboard: pick the other CV; that chooses "Update the layout of" and previews it.
    select.focus();
    await userEvent.selectOptions(select, 'v2');
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: 'Update the layout of' })).toBeChecked(),
    );
    await waitFor(() => expect(server.imports.at(-1)?.get('version')).toBe('v2'));
    expect(server.imports.at(-1)?.get('target')).toBe('version');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(server.imports.at(-1)?.has('dryRun')).toBe(false));
    expect(server.imports.at(-1)?.get('version')).toBe('v2');
  });

  it('at the cap offers no new CV and says why; a refusal shows its message', async () => {
    fakeServer({ versions: 10, refuse: 'You can keep up to 10 CVs. Delete one to make another.' });
    const dialog = await openWith(vitaeFile());
    const asNew = await within(dialog).findByRole('radio', { name: 'Import as a new CV' });
    await waitFor(() => expect(asNew).toBeDisabled());
    expect(asNew).toHaveAccessibleDescription(
      'You can keep up to 10 CVs. Delete one to make another.',
    );
    expect(within(dialog).getByRole('radio', { name: 'Add to my CV' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can keep up to 10 CVs');
  });

  it('keeps Add and Replace for a file without a layout', async () => {
    const server = fakeServer();
    const plain = new File([JSON.stringify({ skills: [] })], 'cv.json', {
      type: 'application/json',
    });
    stubFetch((url) =>
      url.includes('/api/cv/import')
        ? (server.imports.push(new URLSearchParams(url.split('?')[1])),
          { status: 200, body: { ...answer(new URLSearchParams()), layout: null } })
        : { status: 200, body: { data: [version('v1', 'My CV', true)] } },
    );
    const dialog = await openWith(plain);
    const add = await within(dialog).findByRole('radio', { name: 'Add to my CV' });
    expect(add).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Update the layout of' })).toBeNull();
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Replace the sections in this file' }),
    );
    await waitFor(() => expect(server.imports.at(-1)?.get('mode')).toBe('replace'));
  });
});
