import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMode, ContactRequest, PublicCvStatus } from '@vitae/core/hr';
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

/** Which CV version the listing shows HR users (issue 30). */
export function useSetListedVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => api.put<PublicCvStatus>('/api/public-cv/version', { version }),
    onSuccess: (status) => client.setQueryData(publicCvStatusKey, status),
  });
}

export const contactRequestsKey = ['public-cv', 'contact-requests'] as const;

/** Who sees the email and phone of the listed CV: every HR user who saves it, or the approved. */
export function useSetContactMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: ContactMode) =>
      api.put<PublicCvStatus>('/api/public-cv/contact-mode', { mode }),
    onSuccess: (status) => client.setQueryData(publicCvStatusKey, status),
  });
}

/** The HR users' requests for the email and phone, pending first (the bell shares it). */
export function useContactRequests(enabled = true) {
  return useQuery({
    queryKey: contactRequestsKey,
    queryFn: ({ signal }) =>
      api
        .get<{ data: ContactRequest[] }>('/api/public-cv/contact-requests', { signal })
        .then((r) => r.data),
    enabled,
  });
}

/** Approve, or decline (which revokes an approval): the list updates from the answer. */
export function useDecideContactRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      api.post<ContactRequest>(
        `/api/public-cv/contact-requests/${encodeURIComponent(id)}/${decision}`,
      ),
    onSuccess: (request) => {
      client.setQueryData<ContactRequest[]>(contactRequestsKey, (list) =>
        list?.map((r) => (r._id === request._id ? request : r)),
      );
      void client.invalidateQueries({ queryKey: contactRequestsKey });
    },
  });
}
