/*
 * The realtime channel's timings and mount point, for the browser as much as the server. Apart
 * from events.ts, which checks data types against the section registry, so that the signed-in
 * shell opens its socket without loading zod and every section's schema (decision 0008 §0014).
 */

/** Socket.IO mount point and the client's settings (docs/product/notifications.md). */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5_000;
export const SOCKET_RECONNECT_ATTEMPTS_TRACKED = 5;
export const SOCKET_STATUS_POLL_MS = 1_000;
/** A live change is refetched after this delay... */
export const LIVE_REFETCH_DELAY_MS = 500;
/** ...unless the previous refresh was less than this long ago. */
export const LIVE_DUPLICATE_GUARD_MS = 2_000;
/** How long a page skips live refreshes right after its own save. */
export const LIVE_SKIP_WINDOW_MS = 5_000;
/** The bell keeps only the newest live updates (docs/product/notifications.md#state). */
export const NOTIFICATION_LIVE_KEEP = 10;
export const PUBLIC_CV_VIEWED_BANNER_MS = 5_000;
export const PUBLIC_CV_LIST_BANNER_MS = 3_000;
