import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/* Settings → Your sessions, Change password, Change email (issue 34). */

export interface SessionInfo {
  id: string;
  current: boolean;
  deviceKind: 'desktop' | 'phone' | 'tablet' | 'other';
  browser: string | null;
  os: string | null;
  place: string | null;
  createdAt: string;
  lastActiveAt: string;
}

export const sessionsKey = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      api.get<{ sessions: SessionInfo[] }>('/auth/user/sessions', { signal }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/auth/user/sessions/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string; ended: number }>('/auth/user/sessions/end-others'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string; password2: string }) =>
      // A wrong current password is an answer, not an expired session.
      api.post<{ message: string }>('/auth/user/change-password', input, { sessionCheck: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { password: string; email: string }) =>
      api.post<{ message: string }>('/auth/user/change-email', input, { sessionCheck: false }),
  });
}
