import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const l = useLocation();
  return <p data-testid="location">{l.pathname + l.search}</p>;
}

/** Renders `element` at `path` (route pattern `pattern`) with a catch-all location probe. */
export function renderAt(element: ReactElement, path: string, pattern = path.split('?')[0]!) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
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
