import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN, EMPTY_CV, type CvDesign } from '@vitae/core/cv';
import { createQueryClient } from '../../lib/query-client.ts';
import { cvDataKey, type CvDataResponse } from '../cv/api.ts';
import DesignScreen from './design-screen.tsx';

/** The one-request CV and the design call at the network boundary. */
function fakeApi(template = 'template01') {
  let stored: CvDesign = DEFAULT_DESIGN;
  const puts: CvDesign[] = [];
  let fail = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/curriculum-vitae/data') {
        return json(200, {
          cv: { _id: 'cv1', template, pageSize: 'A4' },
          data: { ...EMPTY_CV, design: stored },
        });
      }
      if (path === '/api/curriculum-vitae/design' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as CvDesign;
        puts.push(body);
        if (fail) return json(500, { error: 'Something went wrong. Please try again.' });
        stored = body;
        return json(200, { design: body });
      }
      return json(404, { error: 'Not found' });
    }),
  );
  return { puts, failSaves: () => (fail = true) };
}

function renderScreen() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <DesignScreen />
    </QueryClientProvider>,
  );
  return () => client.getQueryData<CvDataResponse>(cvDataKey)?.data.design;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Design tab', () => {
  it('saves each choice as the whole design and shows it in the cached CV at once', async () => {
    const api = fakeApi();
    const cached = renderScreen();
    const crimson = await screen.findByRole('radio', { name: 'Crimson' });
    expect(screen.getByRole('radio', { name: 'Modern colours' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();

    fireEvent.click(crimson);
    expect(cached()?.accent).toBe('#be123c');
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({ ...DEFAULT_DESIGN, accent: '#be123c' });
    expect(screen.getByTestId('contrast-note')).toHaveTextContent(/Contrast 6\.\d:1 .* passes/);

    fireEvent.click(screen.getByRole('radio', { name: 'Lora' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    await waitFor(() =>
      expect(api.puts.at(-1)).toEqual({
        accent: '#be123c',
        font: 'lora',
        size: 'large',
        density: 'compact',
      }),
    );
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: "Use the template's design" }));
    await waitFor(() => expect(api.puts.at(-1)).toEqual(DEFAULT_DESIGN));
  });

  it('says when a colour is too light and which shade the CV uses instead', async () => {
    fakeApi();
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Custom colour'), {
      target: { value: '#FACC15' },
    });
    const note = screen.getByTestId('contrast-note');
    expect(note).toHaveTextContent(/below WCAG AA \(4\.5:1\)/);
    expect(note).toHaveTextContent(/#[0-9a-f]{6} \(4\.\d:1\)/);
  });

  it('puts back what the server kept when a save fails, and says so', async () => {
    const api = fakeApi();
    const cached = renderScreen();
    api.failSaves();
    fireEvent.click(await screen.findByRole('radio', { name: 'Forest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your design could not be saved. Please try again.',
    );
    expect(cached()).toEqual(DEFAULT_DESIGN);
    expect(screen.getByRole('radio', { name: 'Modern colours' })).toBeChecked();
  });
});
