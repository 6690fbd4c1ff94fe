import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

/*
 * Route table (docs/product/app-shell.md#routes). Every page is lazy-loaded so the public pages
 * stay small. A feature adds or replaces its page with ONE line in the matching list:
 *   { path: 'x', element: lazyPage(() => import('../features/x/x-page.tsx')) },
 * The page module default-exports its component.
 */

/** Public pages that need no data library (kept light: landing, auth, HR introduction). */
export const publicRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('../features/landing/landing-page.tsx')) },
  { path: 'login', element: lazyPage(() => import('../features/auth/login-page.tsx')) },
  { path: 'signup', element: lazyPage(() => import('../features/auth/signup-page.tsx')) },
  {
    path: 'forgot-password',
    element: lazyPage(() => import('../features/auth/forgot-password-page.tsx')),
  },
  {
    path: 'reset-password/:token',
    element: lazyPage(() => import('../features/auth/reset-password-page.tsx')),
  },
  {
    path: 'email-verified/:id',
    element: lazyPage(() => import('../features/auth/email-verified-page.tsx')),
  },
  // The link sent to a new address (issue 34): opening it changes the account's email.
  {
    path: 'change-email/:token',
    element: lazyPage(() => import('../features/auth/email-change-page.tsx')),
  },
  {
    path: 'hr-introduction',
    element: lazyPage(() => import('../features/hr-intro/hr-intro-page.tsx')),
  },
  // Plain fetches, no query library: the viewer is a public page with a 100 KiB budget.
  {
    path: 'view-shared-cv/:id',
    element: lazyPage(() => import('../features/shared-viewer/shared-cv-page.tsx')),
  },
  // A CV version's public link (issue 30): the same reader, no pin.
  {
    path: 'cv/:slug',
    element: lazyPage(() => import('../features/shared-viewer/public-link-page.tsx')),
  },
];

/** Protected pages under /app (paths relative to /app), with TanStack Query. */
export const appRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    element: lazyPage(() => import('../features/dashboard/dashboard-page.tsx')),
  },
  {
    path: 'cv-builder',
    element: lazyPage(() => import('../features/builder/builder-page.tsx')),
  },
  {
    path: 'view-cv',
    element: lazyPage(() => import('../features/view-cv/view-cv-page.tsx')),
  },
  {
    path: 'share-cv',
    element: lazyPage(() => import('../features/share/share-cv-page.tsx')),
  },
  {
    path: 'my-cvs',
    element: lazyPage(() => import('../features/my-cvs/my-cvs-page.tsx')),
  },
  {
    path: 'my-shares',
    element: lazyPage(() => import('../features/my-shares/my-shares-page.tsx')),
  },
  {
    path: 'settings',
    element: lazyPage(() => import('../features/settings/settings-page.tsx')),
  },
  {
    path: 'hr-dashboard',
    element: lazyPage(() => import('../features/hr/hr-dashboard-page.tsx')),
  },
  {
    path: 'hr-view-cv/:id',
    element: lazyPage(() => import('../features/hr/hr-view-cv-page.tsx')),
  },
  {
    path: 'hr-browse-cvs',
    element: lazyPage(() => import('../features/hr/hr-browse-page.tsx')),
  },
];

const appLayout = () => lazyPage(() => import('./app-layout.tsx'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      {
        path: 'app',
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { element: appLayout(), children: appRoutes },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Renders the route table (inside a BrowserRouter, or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
