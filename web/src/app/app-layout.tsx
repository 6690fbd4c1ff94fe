import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { useRealtime } from '../lib/socket.ts';

function Realtime() {
  useRealtime();
  return null;
}

/**
 * The signed-in app: TanStack Query plus the one realtime socket, so every /app page
 * refetches when another tab or device changes the data. Public pages stay without
 * either, which keeps the socket client out of their bundle.
 */
export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Realtime />
      <Outlet />
    </QueryClientProvider>
  );
}
