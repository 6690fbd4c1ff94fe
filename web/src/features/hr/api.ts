import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrowsePage,
  HrRankValue,
  SavedCv,
  SavedCvDetail,
  SkillSuggestion,
} from '@vitae/core/hr';
import { contactVisible } from '@vitae/core/hr';
import type { Notification } from '@vitae/core/notifications';
import { api } from '../../lib/api.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import { browseUrl, type BrowseParams } from './browse-query.ts';

export type { BrowseParams };

export const savedCvsKey = ['hr', 'saved-cvs'] as const;
export const savedCvKey = (id: string) => ['hr', 'saved-cv', id] as const;

/** Browse keys start with 'public-cv', so a live list change refetches them. */
export const browseKey = (p: BrowseParams) => ['public-cv', 'browse', p] as const;

/**
 * Finishes the Save CV handover (a CV this browser unlocked before signing in) once per
 * dashboard visit, before the first browse, so the saved list and stats include it.
 */
export function useSavePending() {
  return useQuery({
    queryKey: ['hr', 'save-pending'],
    queryFn: () => api.post<void>('/api/public-cv/save-pending').then(() => true),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useBrowse(p: BrowseParams) {
  const pending = useSavePending();
  return useQuery({
    queryKey: browseKey(p),
    queryFn: ({ signal }) => api.get<BrowsePage>(browseUrl(p), { signal }),
    placeholderData: keepPreviousData,
    // A failed handover must not keep the list from loading.
    enabled: !pending.isPending,
  });
}

/** The most listed skills starting with `prefix` (after a pause in typing). */
export function useSkillSuggestions(prefix: string) {
  const typed = prefix.trim();
  return useQuery({
    queryKey: ['public-cv', 'skills', typed.toLowerCase()],
    queryFn: ({ signal }) =>
      api
        .get<{ data: SkillSuggestion[] }>(
          `/api/public-cv/skills?prefix=${encodeURIComponent(typed)}`,
          { signal },
        )
        .then((r) => r.data),
    enabled: typed.length > 0,
    staleTime: 60_000,
  });
}

export function useSavedCvs() {
  return useQuery({
    queryKey: savedCvsKey,
    queryFn: ({ signal }) =>
      api.get<{ data: SavedCv[] }>('/hr/saved-cv/saved-cvs', { signal }).then((r) => r.data),
  });
}

/**
 * Opening a saved CV counts a view: one POST that records the visit and answers the CV,
 * fetched once per visit, not on focus.
 */
export function useSavedCv(id: string) {
  useLiveContactApproval(id);
  return useQuery({
    queryKey: savedCvKey(id),
    queryFn: ({ signal }) =>
      api.post<SavedCvDetail>(`/hr/saved-cv/${id}/views`, undefined, { signal }),
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * A candidate approving a contact request reaches the HR user as a live 'contact-approved'
 * notification: the open CV, still without the details, is read again (GET, so no visit is
 * counted; the visit's viewId stays) and the dashboard list refreshes.
 */
function useLiveContactApproval(id: string) {
  const client = useQueryClient();
  useSocketEvent('notification', (n: Notification) => {
    if (n.type !== 'contact-approved') return;
    void client.invalidateQueries({ queryKey: savedCvsKey });
    const open = client.getQueryData<SavedCvDetail>(savedCvKey(id));
    if (!open || contactVisible(open.contactAccess)) return;
    void api
      .get<SavedCvDetail>(`/hr/saved-cv/${id}`)
      .then((fresh) =>
        client.setQueryData<SavedCvDetail>(savedCvKey(id), (old) =>
          old ? { ...fresh, viewId: old.viewId } : old,
        ),
      );
  });
}

export function useSaveCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string; data: SavedCv }>(`/api/public-cv/save/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['public-cv', 'browse'] });
      void client.invalidateQueries({ queryKey: savedCvsKey });
    },
  });
}

/** After a change to one saved CV: patch the open view, refresh the dashboard list. */
function useSavedCvUpdate(id: string) {
  const client = useQueryClient();
  return (saved: SavedCv) => {
    client.setQueryData<SavedCvDetail>(savedCvKey(id), (old) => (old ? { ...old, ...saved } : old));
    void client.invalidateQueries({ queryKey: savedCvsKey });
  };
}

export function useSetRank(id: string) {
  const update = useSavedCvUpdate(id);
  return useMutation({
    mutationFn: (rank: HrRankValue) => api.put<SavedCv>(`/hr/saved-cv/${id}/rank`, { rank }),
    onSuccess: update,
  });
}

export function useAddNote(id: string) {
  const update = useSavedCvUpdate(id);
  return useMutation({
    mutationFn: (content: string) => api.put<SavedCv>(`/hr/saved-cv/${id}/notes`, { content }),
    onSuccess: update,
  });
}

export function useDeleteNote(id: string) {
  const update = useSavedCvUpdate(id);
  return useMutation({
    mutationFn: (noteId: string) => api.delete<SavedCv>(`/hr/saved-cv/${id}/notes/${noteId}`),
    onSuccess: update,
  });
}

/** One click asks the candidate for the email and phone; the view shows the new state. */
export function useRequestContact(id: string) {
  const update = useSavedCvUpdate(id);
  return useMutation({
    mutationFn: () => api.post<SavedCv>(`/hr/saved-cv/${id}/contact-request`),
    onSuccess: update,
  });
}

/** How much of the first-impression video this visit watched; the server keeps the highest. */
export const reportHrVideoProgress = (id: string, viewId: string, percent: number) =>
  api.post<null>(`/hr/saved-cv/${id}/video-progress`, { viewId, percent });
