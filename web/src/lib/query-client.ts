import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Client errors (4xx) will not change on retry; network and server errors get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // A save while offline fails at once with OFFLINE_MESSAGE and the form stays editable:
      // paused, it spun with no word and then saved silently whenever the connection returned.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one QueryClient (tests create their own with createQueryClient()). */
export const queryClient = createQueryClient();
