import type { ReactElement } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';

/*
 * The web tests' one kit: a fresh query client per test, one way to render a screen with its
 * providers, and fetch stand-ins at the network boundary.
 */

/** The app's query client, without retries: a failed request shows its error at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const l = useLocation();
  return <p data-testid="location">{l.pathname + l.search}</p>;
}

/** Replaces fetch with a function answering `respond(url, init)` as JSON. */
export function stubFetch(
  respond: (url: string, init?: RequestInit) => { status: number; body: unknown },
) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = respond(url, init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

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

interface RenderOptions {
  /** A route pattern for `ui`; any other location shows the LocationProbe. */
  pattern?: string;
  client?: QueryClient;
}

/** Renders `ui` at `route` inside a fresh query client and a router. */
export function renderWithProviders(
  ui: ReactElement,
  route = '/',
  { pattern, client = testQueryClient() }: RenderOptions = {},
) {
  const routed = pattern ? (
    <Routes>
      <Route path={pattern} element={ui} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  ) : (
    ui
  );
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{routed}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Renders `element` at `path` (route pattern `pattern`) with a catch-all location probe. */
export const renderAt = (element: ReactElement, path: string, pattern = path.split('?')[0]!) =>
  renderWithProviders(element, path, { pattern });
