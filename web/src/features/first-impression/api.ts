import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEMO_FETCH_TIMEOUT_MS, VIDEO_MESSAGES, type FirstImpression } from '@vitae/core/media';
import { ApiError, api } from '../../lib/api.ts';
import { skipLiveRefresh } from '../../lib/socket.ts';

/** The same keys the realtime channel invalidates for dataType `first-impression`. */
export const firstImpressionKey = ['section', 'first-impression'] as const;
export const firstImpressionStatusKey = ['section-status', 'first-impression'] as const;

interface VideoList {
  data: FirstImpression[];
}

export const useFirstImpression = () =>
  useQuery({
    queryKey: firstImpressionKey,
    queryFn: () => api.get<VideoList>('/api/first-impression').then((r) => r.data?.[0] ?? null),
  });

function useVideoMutation<V>(fn: (v: V) => Promise<VideoList>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      skipLiveRefresh('first-impression');
      qc.setQueryData(firstImpressionKey, res.data?.[0] ?? null);
      void qc.invalidateQueries({ queryKey: firstImpressionStatusKey });
    },
  });
}

export const useSaveFirstImpression = () =>
  useVideoMutation((v: { videoUrl: string; publicId: string; userId?: string }) =>
    api.post<VideoList>('/api/first-impression', v),
  );

export const useRemoveFirstImpression = () =>
  useVideoMutation((v: { id: string; publicId: string }) =>
    api.post<VideoList>('/api/first-impression/delete', v),
  );

/** The demo's URL; gives up after 10 s with the time-out message (docs/product/media.md). */
export async function fetchDemoUrl(): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DEMO_FETCH_TIMEOUT_MS);
  try {
    const res = await api.get<{ videoUrl?: string }>('/api/first-impression/demo', {
      signal: controller.signal,
    });
    if (!res.videoUrl) throw new Error(VIDEO_MESSAGES.demoUrlMissing);
    return res.videoUrl;
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw new Error(VIDEO_MESSAGES.demoTimeout);
    if (e instanceof ApiError) throw new Error(VIDEO_MESSAGES.demoUnavailable);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
