import { api } from '../../lib/api.ts';

interface MessageResponse {
  success: boolean;
  message: string;
}

// Auth form calls answer 401/403 as part of the form, not as an expired session.
const formCall = { sessionCheck: false } as const;

export async function resendVerification(email: string): Promise<string> {
  const res = await api.post<MessageResponse>(
    '/auth/user/resend-verification-email',
    { email },
    formCall,
  );
  return res.message || 'Verification email sent! Please check your inbox.';
}

export async function requestPasswordReset(email: string): Promise<string> {
  const res = await api.post<MessageResponse>('/auth/user/forgot', { email }, formCall);
  return res.message;
}

export async function validateResetToken(token: string): Promise<void> {
  await api.get<{ valid: boolean }>(`/auth/user/reset/${encodeURIComponent(token)}`, formCall);
}

export async function resetPassword(input: {
  password: string;
  password2: string;
  token: string;
}): Promise<string> {
  const res = await api.post<MessageResponse>('/auth/user/reset', input, formCall);
  return res.message;
}

/** `isHR` when the server says whose account it was (it may not); else undefined. */
export async function verifyEmail(
  id: string,
): Promise<{ message: string; isHR?: boolean; alreadyVerified?: boolean }> {
  const res = await api.post<MessageResponse & { isHR?: boolean; alreadyVerified?: boolean }>(
    '/auth/user/verify-email',
    { id },
    formCall,
  );
  return {
    message: res.message,
    ...(typeof res.isHR === 'boolean' ? { isHR: res.isHR } : {}),
    ...(res.alreadyVerified ? { alreadyVerified: true } : {}),
  };
}

/** Only local paths are followed after sign-in (no open redirect). */
export function safeFrom(from: string | null): string | null {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
