import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CvData, TemplateId } from '@vitae/core/cv';
import { api, ApiError } from '../../lib/api.ts';
import { currentVersion, setCurrentVersion, versionQuery } from './current-version.ts';

export interface CvDataResponse {
  cv: { _id: string; template: TemplateId };
  data: CvData;
}

/**
 * The one cached CV: the current version's (current-version.ts). The key does not name the
 * version: every screen and saver reads and writes "the CV on screen" through it, and
 * choosing another version resets it (`showVersion`), so nothing of one version is ever drawn
 * as another's.
 */
export const cvDataKey = ['curriculum-vitae', 'data'] as const;

async function fetchCvData(signal: AbortSignal): Promise<CvDataResponse> {
  const version = currentVersion();
  try {
    return await api.get<CvDataResponse>(`/api/curriculum-vitae/data${versionQuery(version)}`, {
      signal,
    });
  } catch (e) {
    // The chosen version is gone (deleted in another tab, another account's): the default.
    if (!version || !(e instanceof ApiError) || e.status !== 404) throw e;
    if (currentVersion() === version) setCurrentVersion(null);
    return api.get<CvDataResponse>('/api/curriculum-vitae/data', { signal });
  }
}

/** The whole CV (the current version) in one request (instead of one per section). */
export function useCvData() {
  return useQuery({ queryKey: cvDataKey, queryFn: ({ signal }) => fetchCvData(signal) });
}

/**
 * Makes `id` (null: the default) the current version and fetches its CV: the cached one is
 * dropped at once, so every screen shows its loader rather than the other version.
 */
export async function showVersion(client: QueryClient, id: string | null): Promise<void> {
  if (id === currentVersion()) return;
  await client.cancelQueries({ queryKey: cvDataKey });
  setCurrentVersion(id);
  await client.resetQueries({ queryKey: cvDataKey });
}

/** Saves the template choice on the current version; the cached CV shows it at once. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: TemplateId) =>
      api.patch(`/api/curriculum-vitae/template${versionQuery()}`, { template }),
    onMutate: (template) => {
      client.setQueryData<CvDataResponse>(cvDataKey, (old) =>
        old ? { ...old, cv: { ...old.cv, template } } : old,
      );
    },
    // The versions list shows each version's template (My CVs).
    onSettled: () => client.invalidateQueries({ queryKey: cvVersionsKey }),
  });
}

/** The user's CV versions (GET /api/curriculum-vitae/versions), the default first. */
export const cvVersionsKey = ['curriculum-vitae', 'versions'] as const;
