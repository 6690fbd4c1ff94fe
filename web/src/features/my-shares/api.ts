import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharePage, ShareExpiryDays, ShareSummary, ShareView } from '@vitae/core/share';
import { api } from '../../lib/api.ts';

/** Every key starts with 'my-shares', so one invalidation refreshes the list and the trails. */
export const mySharesKey = ['my-shares'] as const;

export function useMyShares(page: number) {
  return useQuery({
    queryKey: [...mySharesKey, 'page', page],
    queryFn: ({ signal }) => api.get<SharePage>(`/api/share-cv?page=${page}`, { signal }),
    // Paging keeps the old rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useShareViews(shareId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...mySharesKey, 'views', shareId],
    queryFn: ({ signal }) =>
      api.get<{ data: ShareView[] }>(`/api/share-cv/${encodeURIComponent(shareId)}/views`, {
        signal,
      }),
    enabled,
  });
}

const path = (id: string, action: string) => `/api/share-cv/${encodeURIComponent(id)}/${action}`;

/** Revoke, change expiry, resend: each answers the share as it now stands. */
export function useShareAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'revoke'; id: string }
        | { kind: 'expiry'; id: string; expiresInDays: ShareExpiryDays }
        | { kind: 'resend'; id: string },
    ) =>
      action.kind === 'expiry'
        ? api.patch<ShareSummary>(path(action.id, 'expiry'), {
            expiresInDays: action.expiresInDays,
          })
        : api.post<ShareSummary>(path(action.id, action.kind)),
    onSuccess: (share) => {
      // Show the answer at once in every cached page, then refetch for the server's order.
      client.setQueriesData<SharePage>({ queryKey: [...mySharesKey, 'page'] }, (old) =>
        old ? { ...old, data: old.data.map((s) => (s._id === share._id ? share : s)) } : old,
      );
      void client.invalidateQueries({ queryKey: [...mySharesKey, 'page'] });
    },
  });
}
