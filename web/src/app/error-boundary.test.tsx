import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from '../lib/lazy-retry.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { OFFLINE_SCREEN } from './error-screen.tsx';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/view-cv-page-abc.js');
const Page: ComponentType = () => <p>View CV page</p>;

/** An import that fails `failures` times, then loads. */
function flakyImport(failures: number) {
  let left = failures;
  return vi.fn(async () => {
    if (left-- > 0) throw chunkError();
    return { default: Page };
  });
}

function renderLazy(load: () => Promise<{ default: ComponentType }>) {
  const Lazy = lazyWithRetry(load);
  return render(
    <ErrorBoundary>
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('lazy pages and the error screen', () => {
  it('retries a failed import once by itself', async () => {
    const load = flakyImport(1);
    renderLazy(load);
    expect(await screen.findByText('View CV page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('Try Again imports the failed chunk again and shows the page', async () => {
    const load = flakyImport(2);
    const user = userEvent.setup();
    renderLazy(load);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('View CV page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('says "You are offline" when a page cannot load without a connection, and loads it when the connection is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = flakyImport(2);
    renderLazy(load);
    expect(await screen.findByRole('heading', { name: OFFLINE_SCREEN.title })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    // Nothing to report while offline: the report could not be sent.
    expect(fetch).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('View CV page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reloads the page when the import fails again after Try Again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = flakyImport(4);
    const user = userEvent.setup();
    renderLazy(load);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
