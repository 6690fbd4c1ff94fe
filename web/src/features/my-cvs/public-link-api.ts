import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicLink, PublicLinkSettings } from '@vitae/core';
import { api } from '../../lib/api.ts';
import { cvVersionsKey } from '../cv/api.ts';

export type { PublicLink };

const linkKey = (versionId: string) => ['public-link', versionId] as const;
const linkPath = (versionId: string) =>
  `/api/curriculum-vitae/versions/${encodeURIComponent(versionId)}/public-link`;

/** A version's public link and the views through it (issue 30). */
export function usePublicLink(versionId: string) {
  return useQuery({
    queryKey: linkKey(versionId),
    queryFn: ({ signal }) => api.get<PublicLink>(linkPath(versionId), { signal }),
  });
}

/** Turns the link on or off, or changes its options; the answer is the link as it now is. */
export function useSetPublicLink(versionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PublicLinkSettings) =>
      api.put<PublicLink>(linkPath(versionId), settings),
    onSuccess: (link) => {
      client.setQueryData(linkKey(versionId), link);
      // My CVs says which CVs have their link on.
      void client.invalidateQueries({ queryKey: cvVersionsKey });
    },
  });
}

/** A new address for the link: the old one stops working. */
export function useResetPublicLink(versionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PublicLink>(`${linkPath(versionId)}/reset`, {}),
    onSuccess: (link) => client.setQueryData(linkKey(versionId), link),
  });
}
