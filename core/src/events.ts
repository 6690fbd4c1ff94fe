import type { Notification } from './notifications.ts';
import { SECTION_KEYS, type SectionKey } from './sections/index.ts';

/**
 * The realtime channel's contract (docs/product/notifications.md#realtime-channel): what the
 * browser may emit and what the server pushes. Socket.IO is typed with these maps
 * on both sides, so an event name or payload cannot drift between them.
 */

/** Every `dataType` a `data-updated` event may carry: each section's key, the media kinds, custom sections. */
export const DATA_TYPES = [
  ...SECTION_KEYS,
  'photo',
  'first-impression',
  'certificate',
  'custom-sections',
] as const;
export type DataType =
  SectionKey | 'photo' | 'first-impression' | 'certificate' | 'custom-sections';

export const isDataType = (v: unknown): v is DataType =>
  typeof v === 'string' && (DATA_TYPES as readonly string[]).includes(v);

export interface DataUpdatedEvent {
  dataType: DataType;
  /** ISO-8601 time of the change. */
  timestamp: string;
}

/** A recipient opened a CV that was shared with them by email. */
export interface CvViewedEvent {
  curriculumVitaeID: string;
  recipientEmail: string;
  recipientName: string;
  viewedAt: string;
}

/** The owner's listing changed (sent to the owner's other tabs). */
export interface PublicCvToggledEvent {
  isListed: boolean;
  timestamp: string;
}

/** A CV joined or left the public list (sent to every HR user). */
export interface PublicCvListUpdatedEvent {
  action: 'added' | 'removed';
  fullName: string;
  timestamp: string;
}

/** An HR user viewed the owner's public CV. */
export interface PublicCvViewedEvent {
  hrUserName: string;
  viewedAt: string;
  viewCount: number;
}

/** A browser tab's report of what it just did (kept for compatibility; see `user-activity`). */
export interface UserActivity {
  action: string;
  dataType?: string;
}

export interface AuthenticateAck {
  userId: string | null;
}

export interface ServerToClientEvents {
  'data-updated': (e: DataUpdatedEvent) => void;
  notification: (n: Notification) => void;
  'cv-viewed': (e: CvViewedEvent) => void;
  'public-cv-toggled': (e: PublicCvToggledEvent) => void;
  'public-cv-list-updated': (e: PublicCvListUpdatedEvent) => void;
  'public-cv-viewed': (e: PublicCvViewedEvent) => void;
}

export interface ClientToServerEvents {
  /**
   * Kept for compatibility: identity comes from the session cookie, never from this id.
   * The optional ack answers with the session's user id (null without a session)
   * once the socket has joined its rooms.
   */
  authenticate: (userId: string, ack?: (r: AuthenticateAck) => void) => void;
  'user-activity': (activity: UserActivity) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];

export * from './realtime-settings.ts';

/** Room names, shared so tests and server agree. */
export const userRoom = (userId: string): string => `user:${userId}`;
export const HR_ROOM = 'hr';
