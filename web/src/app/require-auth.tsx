import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/spinner.tsx';
import { useAuth } from '../lib/auth-store.ts';

/** The /login address that comes back to `path` after sign-in. */
export function loginPathFor(path: string): string {
  return `/login?from=${encodeURIComponent(path)}`;
}

/**
 * Guards /app/*: waits for the start-up session check (so a signed-in user never sees
 * the login page flash), then sends a visitor with neither token nor user to /login?from=...
 */
export function RequireAuth() {
  const { token, user, sessionChecked } = useAuth();
  const location = useLocation();
  if (!sessionChecked) return <PageLoader message="Loading..." />;
  if (!token && !user) {
    return (
      <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />
    );
  }
  return <Outlet />;
}
