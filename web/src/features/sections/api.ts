import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { SectionDataMap, SectionEntry, SectionKey } from '@vitae/core/sections/index';
import type { StatusKey } from '@vitae/core/section-status';
import { API_BASE, api } from '../../lib/api.ts';

/*
 * Section data over the API (spec section 7, "Section resources"). Every path is
 * `/api/<key>`; lists answer `{ data: entries }`, statuses `{ status: number }`.
 * Only types come from core here, so the dashboard can use the status queries without zod.
 */

export type Entry<K extends SectionKey = SectionKey> = SectionEntry<SectionDataMap[K]>;
interface ListResponse<K extends SectionKey> {
  data: Entry<K>[];
}

export const sectionKey = (key: SectionKey) => ['section', key] as const;
export const statusKey = (key: StatusKey) => ['section-status', key] as const;

const path = (key: string) => `/api/${key}`;

export const fetchSection = <K extends SectionKey>(key: K): Promise<Entry<K>[]> =>
  api.get<ListResponse<K>>(path(key)).then((r) => r.data ?? []);

/** `{ status }` of a section; any failure, a 404 included, is an error for the caller to see. */
export async function fetchStatus(key: StatusKey): Promise<number> {
  const r = await api.get<{ status?: unknown }>(`${path(key)}/status`);
  return typeof r.status === 'number' ? r.status : Number(r.status) || 0;
}

export const statusQuery = (key: StatusKey) => ({
  queryKey: statusKey(key),
  queryFn: () => fetchStatus(key),
  // Fetched once per session, refetched after a change (spec section 4).
  staleTime: Infinity,
});

export function useSectionList<K extends SectionKey>(key: K) {
  return useQuery({ queryKey: sectionKey(key), queryFn: () => fetchSection(key) });
}

export function useSectionStatus(key: StatusKey) {
  return useQuery(statusQuery(key));
}

/** After a change: the answer is the updated list; the status is refetched. */
function applyChange<K extends SectionKey>(qc: QueryClient, key: K, res: ListResponse<K>) {
  qc.setQueryData(sectionKey(key), res.data ?? []);
  void qc.invalidateQueries({ queryKey: statusKey(key) });
}

export function useSectionMutations<K extends SectionKey>(key: K) {
  const qc = useQueryClient();
  const onSuccess = (res: ListResponse<K>) => applyChange(qc, key, res);
  const create = useMutation({
    mutationFn: (body: unknown) => api.post<ListResponse<K>>(path(key), body),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: unknown }) =>
      api.patch<ListResponse<K>>(`${path(key)}/${encodeURIComponent(id)}`, body),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<ListResponse<K>>(`${path(key)}/${encodeURIComponent(id)}`),
    onSuccess,
  });
  return { create, update, remove };
}

const entryPath = (key: string, id: string) => `${path(key)}/${encodeURIComponent(id)}`;

/** Drops an entry from the cached list only (the server still has it). */
function hideCached(qc: QueryClient, key: SectionKey, id: string) {
  qc.setQueryData<Entry[]>(sectionKey(key), (list) => list?.filter((e) => e._id !== id));
}

/**
 * Sends a delete the user can no longer undo. The entry leaves the cache first so it does
 * not flash back while the request runs; a failure refetches the list, which shows it again.
 */
export async function commitDelete(qc: QueryClient, key: SectionKey, id: string): Promise<void> {
  hideCached(qc, key, id);
  try {
    applyChange(qc, key, await api.delete<ListResponse<SectionKey>>(entryPath(key, id)));
  } catch (e) {
    void qc.invalidateQueries({ queryKey: sectionKey(key) });
    throw e;
  }
}

/**
 * The same delete while the page goes away (tab closed, reload): `keepalive` lets the request
 * outlive the page, which a normal fetch would not.
 */
export function commitDeleteOnUnload(qc: QueryClient, key: SectionKey, id: string): void {
  hideCached(qc, key, id);
  void fetch(`${API_BASE}${entryPath(key, id)}`, {
    method: 'DELETE',
    credentials: 'include',
    keepalive: true,
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}

/** Several statuses fetched in parallel (the dashboard cards, the builder's navigation). */
export function useStatuses(keys: readonly StatusKey[]) {
  return useQueries({ queries: keys.map(statusQuery) });
}
