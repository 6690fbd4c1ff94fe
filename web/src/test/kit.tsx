import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';

type Row = Record<string, unknown> & { _id: string; lastUpdate: string };

/**
 * A tiny in-memory stand-in for the section API at the network boundary (fetch):
 * GET /api/X, GET /api/X/status, POST, PATCH /api/X/:id, DELETE /api/X/:id.
 * `fail` makes the next matching call answer with the given status and body.
 */
export function fakeSectionApi(initial: Record<string, Row[]> = {}) {
  const store: Record<string, Row[]> = structuredClone(initial);
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let nextId = 1;
  let failure: { method: string; status: number; body: unknown } | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (failure && failure.method === method) {
      const f = failure;
      failure = null;
      return json(f.status, f.body);
    }
    const [, , key, id] = url.pathname.split('/');
    const list = (store[key!] ??= []);
    const now = new Date('2024-05-06T10:00:00Z').toISOString();
    if (id === 'status') return json(200, { status: list.length });
    if (method === 'GET') return json(200, { data: list });
    if (method === 'POST') {
      list.push({ ...(body as object), _id: `id${nextId++}`, lastUpdate: now });
      return json(201, { data: list });
    }
    const i = list.findIndex((r) => r._id === id);
    if (i < 0) return json(404, { error: 'Entry not found' });
    if (method === 'PATCH') list[i] = { ...list[i]!, ...(body as object), lastUpdate: now };
    if (method === 'DELETE') list.splice(i, 1);
    return json(200, { data: list });
  });

  vi.stubGlobal('fetch', fetchFake);
  return {
    store,
    calls,
    failNext: (method: string, status: number, body: unknown) => {
      failure = { method, status, body };
    },
  };
}

export function renderWithProviders(ui: ReactElement, route = '/') {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
