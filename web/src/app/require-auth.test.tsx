import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { resetAuthState } from '../lib/auth-store.ts';
import { RequireAuth, loginPathFor } from './require-auth.tsx';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app" element={<RequireAuth />}>
          <Route path="share-cv" element={<h1>Share page</h1>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());

describe('RequireAuth', () => {
  it('sends a visitor with neither token nor user to /login?from=<encoded path>', () => {
    resetAuthState({ sessionChecked: true, token: null, user: null });
    renderAt('/app/share-cv?step=2');
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/login?from=${encodeURIComponent('/app/share-cv?step=2')}`,
    );
  });

  it('waits for the first session check instead of flashing the login page', () => {
    resetAuthState({ sessionChecked: false, token: null, user: null });
    renderAt('/app/share-cv');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('renders the page when the token marker is present', () => {
    resetAuthState({ sessionChecked: true, token: 'web-authenticated', user: null });
    renderAt('/app/share-cv');
    expect(screen.getByRole('heading', { name: 'Share page' })).toBeInTheDocument();
  });

  it('builds the login path with an encoded from', () => {
    expect(loginPathFor('/app/hr-view-cv/abc')).toBe('/login?from=%2Fapp%2Fhr-view-cv%2Fabc');
  });
});
