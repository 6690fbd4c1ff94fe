import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { AppRoutes } from './app/router.tsx';
import { startSession } from './lib/auth-store.ts';
import './index.css';

// The start-up sign-in attempt runs once, before the first render.
startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
