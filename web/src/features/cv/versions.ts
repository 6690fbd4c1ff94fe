import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CvVersion } from '@vitae/core/responses/cv';
import type { SectionKey } from '@vitae/core/sections/index';
import { api } from '../../lib/api.ts';
import { cvDataKey, cvVersionsKey, showVersion } from './cv-data.ts';
import { currentVersion, setCurrentVersion, useCurrentVersionId } from './current-version.ts';

export type { CvVersion };

const BASE = '/api/curriculum-vitae/versions';

/** The user's CV versions, the default first (issue 30). */
export function useCvVersions() {
  return useQuery({
    queryKey: cvVersionsKey,
    queryFn: ({ signal }) => api.get<{ data: CvVersion[] }>(BASE, { signal }).then((r) => r.data),
  });
}

/**
 * The versions and the one the CV screens work on: the chosen one, else the default. A chosen
 * version the list no longer has (deleted elsewhere) gives way to the default.
 */
export function useCurrentVersion() {
  const client = useQueryClient();
  const query = useCvVersions();
  const chosen = useCurrentVersionId();
  const versions = query.data;
  const stale = Boolean(versions && chosen && !versions.some((v) => v._id === chosen));
  useEffect(() => {
    if (stale) void showVersion(client, null);
  }, [client, stale]);
  const current = versions?.find((v) => v._id === chosen) ?? versions?.find((v) => v.isDefault);
  return { query, versions, current };
}

/** Makes a version the one the CV screens work on (its CV is fetched). */
export function useShowVersion() {
  const client = useQueryClient();
  return (id: string) => showVersion(client, id);
}

function useVersionsChange<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: cvVersionsKey }),
  });
}

/** A new version, with every entry or as a copy of `from`. */
export function useCreateVersion() {
  return useVersionsChange((body: { name: string; from?: string }) =>
    api.post<CvVersion>(BASE, body),
  );
}

export function useRenameVersion() {
  return useVersionsChange(({ id, name }: { id: string; name: string }) =>
    api.patch<CvVersion>(`${BASE}/${id}`, { name }),
  );
}

/**
 * Makes a version the default. The CV screens keep the version they show: when that was "the
 * default" it is now named, so it does not change under the user.
 */
export function useMakeDefault() {
  const client = useQueryClient();
  return useVersionsChange(async (id: string) => {
    const old = client.getQueryData<CvVersion[]>(cvVersionsKey)?.find((v) => v.isDefault);
    const made = await api.patch<CvVersion>(`${BASE}/${id}`, { isDefault: true });
    if (currentVersion() === null && old) setCurrentVersion(old._id);
    return made;
  });
}

/**
 * Deletes a version; `revokeShares` when the user was told its live shares end with it. The
 * CV screens showing it move to the default.
 */
export function useDeleteVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revokeShares }: { id: string; revokeShares: boolean }) =>
      api.delete<{ data: CvVersion[] }>(`${BASE}/${id}${revokeShares ? '?revokeShares=true' : ''}`),
    onSuccess: async ({ data }, { id }) => {
      client.setQueryData(cvVersionsKey, data);
      if (currentVersion() === id) await showVersion(client, null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: cvVersionsKey }),
  });
}

export interface EntryInclusion {
  version: string;
  /** A list section, or 'custom' (core's CUSTOM_ENTRIES_SECTION) for the user's own sections. */
  section: SectionKey | 'custom';
  entry: string;
  included: boolean;
}

/**
 * Puts an entry in or out of a version: the switch moves at once and goes back if the server
 * refuses; the CV (the preview) is fetched again when it is the one on screen.
 */
export function useSetEntryIncluded() {
  const client = useQueryClient();
  const markIncluded = (version: string, entry: string, included: boolean) =>
    client.setQueryData<CvVersion[]>(cvVersionsKey, (list) =>
      list?.map((v) =>
        v._id === version
          ? {
              ...v,
              excluded: included
                ? v.excluded.filter((x) => x !== entry)
                : [...v.excluded.filter((x) => x !== entry), entry],
            }
          : v,
      ),
    );
  return useMutation({
    mutationFn: ({ version, section, entry, included }: EntryInclusion) =>
      api.put<CvVersion>(`${BASE}/${version}/entries/${entry}`, { section, included }),
    onMutate: async ({ version, entry, included }) => {
      await client.cancelQueries({ queryKey: cvVersionsKey });
      markIncluded(version, entry, included);
    },
    // Back as it was: only this entry, so another switch moved meanwhile keeps its place.
    onError: (_e, { version, entry, included }) => markIncluded(version, entry, !included),
    // The preview and View CV show the version's entries as the server filters them.
    onSettled: (_made, _e, { version }) => {
      if (version === currentVersionOrDefault(client)) {
        void client.invalidateQueries({ queryKey: cvDataKey });
      }
    },
  });
}

/** The id of the version on screen: the chosen one, else the default. */
function currentVersionOrDefault(client: ReturnType<typeof useQueryClient>): string | undefined {
  return (
    currentVersion() ??
    client.getQueryData<CvVersion[]>(cvVersionsKey)?.find((v) => v.isDefault)?._id
  );
}
