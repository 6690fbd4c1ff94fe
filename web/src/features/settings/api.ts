import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface AccountExport {
  id: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  progress: number;
  size: number;
  createdAt: string;
  expiresAt: string | null;
}

export const accountExportKey = ['account-export'] as const;
export const EXPORT_DOWNLOAD_URL = '/api/account/export/download';
export const JSON_RESUME_URL = '/api/cv/export';

const building = (e: AccountExport | null | undefined) =>
  e?.status === 'queued' || e?.status === 'running';

/** The latest export; polled every second while it is being built. */
export function useAccountExport() {
  return useQuery({
    queryKey: accountExportKey,
    queryFn: ({ signal }) =>
      api.get<{ export: AccountExport | null }>('/api/account/export', { signal }),
    refetchInterval: (q) => (building(q.state.data?.export) ? 1000 : false),
  });
}

export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AccountExport>('/api/account/export'),
    onSuccess: (job) => client.setQueryData(accountExportKey, { export: job }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ deleted: true }>('/api/account/delete', { password }, { sessionCheck: false }),
  });
}
