import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api.ts';
import { auth } from '../lib/auth-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { loginPathFor } from './require-auth.tsx';

/**
 * The shell around every page: wires the expired-session rule (sign out, go to /login unless
 * already there; docs/product/app-shell.md#expired-session), scrolls to the top on a new page,
 * and catches page errors (cleared by navigating elsewhere).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    setSessionExpiredHandler(() => {
      auth.signOutLocal();
      const { pathname: path, search } = window.location;
      if (path !== '/login') navigate(loginPathFor(path + search), { replace: true });
    });
    return () => setSessionExpiredHandler(() => {});
  }, [navigate]);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <ErrorBoundary key={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
