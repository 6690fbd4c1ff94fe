import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedIdentities } from '@vitae/core';
import { api } from '../../lib/api.ts';

export const identitiesKey = ['identities'] as const;

/** The provider accounts linked to mine, whether I have a password, and the providers. */
export function useIdentities() {
  return useQuery({
    queryKey: identitiesKey,
    queryFn: ({ signal }) => api.get<LinkedIdentities>('/auth/user/identities', { signal }),
  });
}

/** Checks the password; answers the provider's sign-in page to send the browser to. */
export function useLinkIntent() {
  return useMutation({
    mutationFn: (input: { provider: string; password: string }) =>
      api.post<{ url: string }>('/auth/user/identities/link-intent', input, {
        sessionCheck: false,
      }),
  });
}

export function useUnlink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: boolean }>(`/auth/user/identities/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: identitiesKey }),
  });
}
