import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomSectionKind } from '@vitae/core/custom-section-keys';
import { api } from '../../lib/api.ts';
import { skipLiveRefresh } from '../../lib/socket.ts';
import { cvDataKey } from '../cv/api.ts';

/** A custom section's entry as the API answers it (issue 30). */
export interface CustomEntryOut {
  _id: string;
  title: string;
  subtitle: string;
  place: string;
  startDate: string;
  endDate: string;
  description: string;
  lastUpdate: string;
}

export interface CustomSectionOut {
  _id: string;
  title: string;
  kind: CustomSectionKind;
  lastUpdate: string;
  entries: CustomEntryOut[];
}

interface ListResponse {
  data: CustomSectionOut[];
}

/** The realtime channel's data type, and this list's query key (web/src/lib/socket.ts). */
export const CUSTOM_SECTIONS_TYPE = 'custom-sections';
export const customSectionsKey = ['section', CUSTOM_SECTIONS_TYPE] as const;

const BASE = '/api/custom-sections';
const sectionPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const entryPath = (id: string, entryId: string) =>
  `${sectionPath(id)}/entries/${encodeURIComponent(entryId)}`;

export function useCustomSections() {
  return useQuery({
    queryKey: customSectionsKey,
    queryFn: ({ signal }) => api.get<ListResponse>(BASE, { signal }).then((r) => r.data ?? []),
  });
}

export interface SectionInput {
  title: string;
  kind: CustomSectionKind;
}

export type EntryInput = Omit<CustomEntryOut, '_id' | 'lastUpdate'>;

/** One change; its answer is the whole list, and the one-request CV (preview, View CV) refetches. */
function useListMutation<V>(send: (v: V) => Promise<ListResponse>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (res: ListResponse) => {
      skipLiveRefresh(CUSTOM_SECTIONS_TYPE);
      qc.setQueryData(customSectionsKey, res.data ?? []);
      void qc.invalidateQueries({ queryKey: cvDataKey });
    },
  });
}

export function useCustomSectionMutations() {
  return {
    addSection: useListMutation((v: SectionInput) => api.post<ListResponse>(BASE, v)),
    editSection: useListMutation(({ id, ...v }: SectionInput & { id: string }) =>
      api.patch<ListResponse>(sectionPath(id), v),
    ),
    removeSection: useListMutation((id: string) => api.delete<ListResponse>(sectionPath(id))),
    addEntry: useListMutation(({ id, entry }: { id: string; entry: EntryInput }) =>
      api.post<ListResponse>(`${sectionPath(id)}/entries`, entry),
    ),
    editEntry: useListMutation(
      ({ id, entryId, entry }: { id: string; entryId: string; entry: EntryInput }) =>
        api.patch<ListResponse>(entryPath(id, entryId), entry),
    ),
    removeEntry: useListMutation(({ id, entryId }: { id: string; entryId: string }) =>
      api.delete<ListResponse>(entryPath(id, entryId)),
    ),
    reorderEntries: useListMutation(({ id, ids }: { id: string; ids: string[] }) =>
      api.put<ListResponse>(`${sectionPath(id)}/entries/order`, { ids }),
    ),
  };
}

export type CustomSectionMutations = ReturnType<typeof useCustomSectionMutations>;
