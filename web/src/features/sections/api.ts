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
import { cvDataKey, type CvDataResponse } from '../cv/api.ts';

/*
 * Section data over the API (docs/product/api.md#section-resources). Every path is
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
  // Fetched once per session, refetched after a change
  // (docs/product/dashboard.md#status-indicators).
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

/** The ids in `order` first, then any cached ones it leaves out (an entry whose delete can be undone). */
function fullOrder(order: readonly string[], cached: readonly { _id: string }[] = []): string[] {
  const listed = new Set(order);
  return [...order, ...cached.map((e) => e._id).filter((id) => !listed.has(id))];
}

/** `list` sorted as `ids` (ids it does not name keep their place after those it does). */
function sortedAs<T extends { _id: string }>(list: readonly T[], ids: readonly string[]): T[] {
  const place = new Map(ids.map((id, i) => [id, i]));
  const at = (e: T) => place.get(e._id) ?? ids.length;
  return list
    .map((e, i) => ({ e, i }))
    .sort((a, b) => at(a.e) - at(b.e) || a.i - b.i)
    .map((x) => x.e);
}

const orderKey = (key: SectionKey) => ['section-order', key] as const;

/**
 * Puts a list section's entries in a new order (issue 17: `PUT /api/<key>/order`). The list
 * and the one-request CV (its `cvField`) show the order at once; a failure puts both back and
 * rejects, for the caller to say so. Orders of one section are sent one after another.
 */
export function useReorderEntries<K extends SectionKey>(key: K, cvField: string) {
  const qc = useQueryClient();
  type Snapshot = { list?: Entry<K>[]; cv?: CvDataResponse };
  return useMutation({
    mutationKey: orderKey(key),
    scope: { id: `section-order:${key}` },
    mutationFn: (ids: string[]) =>
      api.put<ListResponse<K>>(`${path(key)}/order`, {
        ids: fullOrder(ids, qc.getQueryData<Entry<K>[]>(sectionKey(key))),
      }),
    onMutate: async (ids): Promise<Snapshot> => {
      await qc.cancelQueries({ queryKey: sectionKey(key) });
      const list = qc.getQueryData<Entry<K>[]>(sectionKey(key));
      const cv = qc.getQueryData<CvDataResponse>(cvDataKey);
      if (list) qc.setQueryData(sectionKey(key), sortedAs(list, ids));
      const entries = (cv?.data as Record<string, unknown> | undefined)?.[cvField];
      if (cv && Array.isArray(entries)) {
        qc.setQueryData<CvDataResponse>(cvDataKey, {
          ...cv,
          data: { ...cv.data, [cvField]: sortedAs(entries as { _id: string }[], ids) },
        });
      }
      return { list, cv };
    },
    onError: (_e, _ids, snapshot) => {
      if (snapshot?.list) qc.setQueryData(sectionKey(key), snapshot.list);
      if (snapshot?.cv) qc.setQueryData(cvDataKey, snapshot.cv);
    },
    onSuccess: (res) => {
      // A later order still on its way is the one to show; its own answer follows.
      if (qc.isMutating({ mutationKey: orderKey(key) }) <= 1) applyChange(qc, key, res);
    },
  });
}
