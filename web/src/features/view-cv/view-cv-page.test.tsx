import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CV, buildCvData } from '@vitae/core/cv';
import ViewCvPage from './view-cv-page.tsx';
import { PRINT_DELAY_MS } from '../../lib/print.ts';
import { renderWithProviders, testQueryClient } from '../../test/kit.tsx';
import { showVersion } from '../cv/api.ts';

const FILLED = buildCvData({
  personalInfo: { fullName: 'Lerato Dube' },
  skill: [{ _id: 's1', skill: 'Bookkeeping', proficiency: 4 }],
});

let calls: Array<{ url: string; method: string; body: unknown }>;

const version = (id: string, name: string, isDefault = false) => ({
  _id: id,
  name,
  isDefault,
  template: 'template04',
  pageSize: 'A4',
  headline: null,
  summary: null,
  excluded: [],
  liveShares: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const VERSIONS = [version('cv1', 'My CV', true), version('cv2', 'Data analyst')];
/** The analyst version's CV: another template, one skill left out. */
const ANALYST = buildCvData({
  personalInfo: { fullName: 'Lerato Dube' },
  skill: [{ _id: 's2', skill: 'Pivot tables', proficiency: 5 }],
});

function serve(data: unknown, template = 'template04') {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const body = url.endsWith('/versions')
        ? { data: VERSIONS }
        : url.endsWith('/data?version=cv2')
          ? { cv: { _id: 'cv2', template: 'template07' }, data: ANALYST }
          : /\/data(\?version=cv1)?$/.test(url)
            ? { cv: { _id: 'cv1', template }, data }
            : { _id: 'cv1', template };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderPage() {
  return renderWithProviders(<ViewCvPage />);
}

beforeEach(() => vi.stubGlobal('print', vi.fn()));
afterEach(async () => {
  vi.unstubAllGlobals();
  // The chosen version is kept across tests (a module store and localStorage): back to default.
  await showVersion(testQueryClient(), null);
});

describe('View CV page', () => {
  it('shows "Loading your CV..." and then the CV in its saved template, in one request', async () => {
    serve(FILLED);
    renderPage();
    expect(screen.getByText('Loading your CV...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
      'data-cv-layout',
      'template04',
    );
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('template04');
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Share CV' })).toHaveAttribute('href', '/app/share-cv');
    expect(screen.queryByText('Sample CV')).toBeNull();
    // One request for the CV; the versions list feeds the switcher.
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/curriculum-vitae/data',
      '/api/curriculum-vitae/versions',
    ]);
  });

  it('switches CV version: its CV is fetched with ?version= and shown, and the choice is kept', async () => {
    serve(FILLED);
    renderPage();
    await screen.findByText('Bookkeeping');
    const switcher = await screen.findByRole('combobox', { name: 'CV' });
    expect([...switcher.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'My CV (default)',
      'Data analyst',
    ]);
    expect(screen.getByRole('link', { name: 'Manage CVs' })).toHaveAttribute('href', '/app/my-cvs');
    await userEvent.selectOptions(switcher, 'cv2');
    expect(await screen.findByText('Pivot tables')).toBeInTheDocument();
    expect(screen.queryByText('Bookkeeping')).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/curriculum-vitae/data?version=cv2');
    expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
      'data-cv-layout',
      'template07',
    );
    expect(localStorage.getItem('vitae.cvVersion')).toBe('cv2');

    // A template chosen now is this version's.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Template' }), 'template08');
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/curriculum-vitae/template?version=cv2',
        method: 'PATCH',
        body: { template: 'template08' },
      }),
    );

    // Back to the default: the CV calls name no version.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'CV' }), 'cv1');
    expect(await screen.findByText('Bookkeeping')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/curriculum-vitae/data?version=cv1');
  });

  it('offers Word and plain text beside Download PDF, and says when a download fails', async () => {
    serve(FILLED);
    const served = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      String(url).endsWith('/docx')
        ? new Response(JSON.stringify({ error: 'Too many downloads. Please wait a minute.' }), {
            status: 429,
          })
        : served(url, init),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Plain text (.txt)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Word (.docx)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many downloads. Please wait a minute.',
    );
  });

  it('falls back to template01 for an unknown template', async () => {
    serve(FILLED, 'template42');
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' });
    expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
      'data-cv-layout',
      'template01',
    );
  });

  it('shows the sample CV, clearly marked, when the CV is empty', async () => {
    serve(EMPTY_CV);
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thandiwe Nomsa Mokoena' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Sample CV').length).toBeGreaterThanOrEqual(2);
    // The sample is not the user's CV: nothing to download.
    expect(screen.queryByRole('button', { name: /Word \(\.docx\)/ })).toBeNull();
  });

  it('saves the template chosen in the dropdown and shows it', async () => {
    serve(FILLED);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' });
    const select = screen.getByRole('combobox', { name: 'Template' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toHaveLength(10);
    await userEvent.selectOptions(select, 'template08');
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/curriculum-vitae/template',
        method: 'PATCH',
        body: { template: 'template08' },
      }),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
        'data-cv-layout',
        'template08',
      ),
    );
  });

  it('prints ink friendly: the plain layout, then the print dialog about 100 ms later', async () => {
    serve(FILLED);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(screen.getByRole('button', { name: /Print as Template/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Ink Friendly/ }));
    await waitFor(() =>
      expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
        'data-cv-layout',
        'ink-friendly',
      ),
    );
    expect(screen.getByText('4/5')).toBeInTheDocument();
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1), {
      timeout: PRINT_DELAY_MS * 10,
    });
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() =>
      expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
        'data-cv-layout',
        'template04',
      ),
    );
  });

  it('prints as template without changing the layout', async () => {
    serve(FILLED);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Lerato Dube' });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await userEvent.click(screen.getByRole('button', { name: /Print as Template/ }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(document.querySelector('[data-cv-layout]')).toHaveAttribute(
      'data-cv-layout',
      'template04',
    );
  });
});
