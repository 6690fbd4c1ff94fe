import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences } from '@vitae/core/email-preferences';
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

export interface TwoStepStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}
export interface TwoStepSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

export const twoStepKey = ['two-step'] as const;

/** Whether two-step sign-in is on, since when, and how many recovery codes are left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKey,
    queryFn: ({ signal }) => api.get<TwoStepStatus>('/auth/user/two-step', { signal }),
  });
}

/** A new secret and its QR code (nothing is on until a code confirms it). */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: () => api.post<TwoStepSetup>('/auth/user/two-step/setup'),
  });
}

/** Confirms the set-up with a current code; answers the recovery codes, shown once. */
export function useEnableTwoStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ status: TwoStepStatus; recoveryCodes: string[] }>('/auth/user/two-step/enable', {
        code,
      }),
    onSuccess: (res) => client.setQueryData(twoStepKey, res.status),
  });
}

/** Turns two-step off with the password and a code (or a recovery code). */
export function useDisableTwoStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string } & ({ code: string } | { recoveryCode: string })) =>
      api.post<TwoStepStatus>('/auth/user/two-step/disable', input, { sessionCheck: false }),
    onSuccess: (status) => client.setQueryData(twoStepKey, status),
  });
}

export interface Passkey {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface PasskeyList {
  passkeys: Passkey[];
  max: number;
}

export const passkeysKey = ['passkeys'] as const;

/** The account's passkeys and how many it may have. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api.get<PasskeyList>('/auth/user/passkeys', { signal }),
  });
}

/**
 * Adds a passkey: the password, then the browser's ceremony (its library loads only now),
 * then the name and the browser's answer. Throws ApiError or the ceremony's error.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; password: string }) => {
      const { options } = await api.post<{ options: Record<string, unknown> }>(
        '/auth/user/passkeys/register-options',
        { password: input.password },
        { sessionCheck: false },
      );
      const { createPasskey } = await import('../../lib/webauthn.ts');
      const response = await createPasskey(options);
      return api.post<Passkey>('/auth/user/passkeys', { name: input.name, response });
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      api.patch<Passkey>(`/auth/user/passkeys/${encodeURIComponent(input.id)}`, {
        name: input.name,
      }),
    onSuccess: (row) =>
      client.setQueryData<PasskeyList>(passkeysKey, (old) =>
        old ? { ...old, passkeys: old.passkeys.map((p) => (p._id === row._id ? row : p)) } : old,
      ),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<PasskeyList>(`/auth/user/passkeys/${encodeURIComponent(id)}`),
    onSuccess: (list) => client.setQueryData(passkeysKey, list),
  });
}

export const emailPreferencesKey = ['email-preferences'] as const;

/** Which optional emails the user gets (issue 32). */
export function useEmailPreferences() {
  return useQuery({
    queryKey: emailPreferencesKey,
    queryFn: ({ signal }) =>
      api
        .get<{ preferences: EmailPreferences }>('/api/account/email-preferences', { signal })
        .then((r) => r.preferences),
  });
}

export function useSetEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<EmailPreferences>) =>
      api
        .patch<{ preferences: EmailPreferences }>('/api/account/email-preferences', change)
        .then((r) => r.preferences),
    onSuccess: (preferences) => client.setQueryData(emailPreferencesKey, preferences),
  });
}
