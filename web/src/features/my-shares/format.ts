import { dateTimeLabel } from '../../lib/dates.ts';
import type { DeviceKind, ShareExpiryDays, ShareStatus } from '@vitae/core/share';

/** "23 Nov 2026, 14:05" in the viewer's time zone, as the notifications show times. */
export const when = (iso: string): string => dateTimeLabel(iso);

export const expiryText = (expiresAt: string | null): string =>
  expiresAt === null ? 'Never' : when(expiresAt);

export const STATUS_LABELS: Record<ShareStatus, string> = {
  sent: 'Sent',
  opened: 'Opened',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const STATUS_CLASSES: Record<ShareStatus, string> = {
  sent: 'bg-slate-100 text-slate-800',
  opened: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-amber-100 text-amber-900',
  revoked: 'bg-red-100 text-red-800',
};

export const DEVICE_LABELS: Record<DeviceKind, string> = {
  desktop: 'Desktop',
  phone: 'Phone',
  tablet: 'Tablet',
  other: 'Other device',
};

export const expiryChoiceLabel = (days: ShareExpiryDays): string =>
  days === null ? 'Never' : `${days} days`;
