import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicCvStatus } from '@vitae/core/hr';
import { api } from '../../lib/api.ts';

/** Keys start with 'public-cv', so the live public-cv events refetch them. */
export const publicCvStatusKey = ['public-cv', 'status'] as const;

export function usePublicCvStatus() {
  return useQuery({
    queryKey: publicCvStatusKey,
    queryFn: ({ signal }) => api.get<PublicCvStatus>('/api/public-cv/status', { signal }),
  });
}

export function useTogglePublicCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PublicCvStatus>('/api/public-cv/toggle'),
    onSuccess: (status) => client.setQueryData(publicCvStatusKey, status),
  });
}
