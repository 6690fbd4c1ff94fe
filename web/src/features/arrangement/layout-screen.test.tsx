import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CV } from '@vitae/core/cv';
import { createQueryClient } from '../../lib/query-client.ts';
import { cvDataKey, type CvDataResponse } from '../cv/api.ts';
import LayoutScreen, { TITLE_SAVE_MS } from './layout-screen.tsx';
import { ARRANGEMENT_SAVE_FAILED } from './api.ts';

type Body = { order: string[]; hidden: string[]; titles: Record<string, string> };

/** The one-request CV and the arrangement call at the network boundary. */
function fakeApi() {
  let stored: Body = { order: [], hidden: [], titles: {} };
  const puts: Body[] = [];
  let fail = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/curriculum-vitae/data') {
        return json(200, {
          cv: { _id: 'cv1', template: 'template01', pageSize: 'A4' },
          data: { ...EMPTY_CV, arrangement: stored },
        });
      }
      if (path === '/api/curriculum-vitae/arrangement' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Body;
        puts.push(body);
        if (fail) return json(500, { error: 'Something went wrong. Please try again.' });
        stored = body;
        return json(200, { arrangement: body });
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
      <LayoutScreen />
    </QueryClientProvider>,
  );
  const cached = () => client.getQueryData<CvDataResponse>(cvDataKey)?.data.arrangement;
  return { cached, client };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Layout tab', () => {
  it('lists the 12 sections, each with a move handle, a Show switch and a title field', async () => {
    fakeApi();
    renderScreen();
    const list = await screen.findByRole('list', { name: "Your CV's sections, in order" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Move References' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show Skills on the CV' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Title of Skills' })).toHaveValue('');
  });

  it('hides a section at once in the cached CV and saves it', async () => {
    const api = fakeApi();
    const { cached } = renderScreen();
    const toggle = await screen.findByRole('switch', { name: 'Show Interests on the CV' });
    fireEvent.click(toggle);
    expect(cached()?.hidden).toEqual(['interest']);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({ order: [], hidden: ['interest'], titles: {} });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('shows a title as it is typed and saves it once typing stops; empty is the default', async () => {
    const api = fakeApi();
    const { cached } = renderScreen();
    const field = await screen.findByRole('textbox', { name: 'Title of Skills' });
    vi.useFakeTimers();
    for (const value of ['T', 'To', 'Too', 'Toolbox '])
      fireEvent.change(field, { target: { value } });
    expect(cached()?.titles).toEqual({ skill: 'Toolbox' });
    expect(api.puts).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(TITLE_SAVE_MS - 1));
    expect(api.puts).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.puts).toEqual([{ order: [], hidden: [], titles: { skill: 'Toolbox' } }]);

    fireEvent.change(field, { target: { value: '  ' } });
    await act(() => vi.advanceTimersByTimeAsync(TITLE_SAVE_MS));
    expect(api.puts.at(-1)).toEqual({ order: [], hidden: [], titles: {} });
  });

  it('refuses a title with a control character without saving it', async () => {
    const api = fakeApi();
    renderScreen();
    const field = await screen.findByRole('textbox', { name: 'Title of Skills' });
    vi.useFakeTimers();
    fireEvent.change(field, { target: { value: 'Tab\there' } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please remove unsupported characters.')).toBeInTheDocument();
    // Past the moment a valid title would have been saved.
    await act(() => vi.advanceTimersByTimeAsync(TITLE_SAVE_MS));
    expect(api.puts).toHaveLength(0);
  });

  it('a failed save puts back the stored layout and says so', async () => {
    const api = fakeApi();
    const { cached } = renderScreen();
    api.failSaves();
    const toggle = await screen.findByRole('switch', { name: 'Show Skills on the CV' });
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(ARRANGEMENT_SAVE_FAILED);
    expect(cached()?.hidden).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Show Skills on the CV' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it("offers the template's order back once the user has an order", async () => {
    const api = fakeApi();
    const { cached, client } = renderScreen();
    await screen.findByRole('list', { name: "Your CV's sections, in order" });
    expect(screen.queryByRole('button', { name: "Use the template's order" })).toBeNull();
    // As a drop would leave it: References first.
    act(() => {
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old
          ? { ...old, data: { ...old.data, arrangement: { ...cached()!, order: ['reference'] } } }
          : old,
      );
    });
    const first = () => screen.getAllByRole('listitem')[0];
    await waitFor(() => expect(first()).toHaveAttribute('data-section-key', 'reference'));
    fireEvent.click(screen.getByRole('button', { name: "Use the template's order" }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]!.order).toEqual([]);
    await waitFor(() => expect(first()).toHaveAttribute('data-section-key', 'personal-info'));
  });
});
