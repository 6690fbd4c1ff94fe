/** API host; empty means same origin (the server serves the web app, Vite proxies in dev). */
export const API_BASE: string = import.meta.env.VITE_API_URL ?? '';

/** A failed API call: the HTTP status, the server's message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401/403 or "You must be logged in." ends the session
   * (docs/product/app-shell.md#expired-session). Auth form calls turn it off: their 401/403 are
   * answers, not an expired session.
   */
  sessionCheck?: boolean;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => {};

/** The app registers what an expired session does (sign out, go to /login). */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

// AUTH_MESSAGES.notLoggedIn, inlined: importing core's auth module would pull zod into the shell.
const NOT_LOGGED_IN = 'You must be logged in.';

function isSessionFailure(status: number, message: string): boolean {
  return status === 401 || status === 403 || message === NOT_LOGGED_IN;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
/** A request made without a connection: nothing was saved, and the form keeps what was typed. */
export const OFFLINE_MESSAGE =
  'You are offline. Nothing was saved; try again when the connection is back.';

/** What a failure on the server's side says: its own text ("Internal Server Error") is not shown. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong. Please try again.';

function toApiError(status: number, body: unknown): ApiError {
  // docs/product/app-shell.md#failures: server statuses and codes other than 401 and 403 are not
  // shown.
  if (status >= 500) return new ApiError(status, SERVER_ERROR_MESSAGE, {}, body);
  const b = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    message?: unknown;
    fieldErrors?: Record<string, string>;
  };
  const message =
    typeof b.error === 'string'
      ? b.error
      : typeof b.message === 'string'
        ? b.message
        : `Request failed (${status})`;
  return new ApiError(status, message, b.fieldErrors ?? {}, body);
}

/** Resolves in a later task: what ran before has returned to the event loop. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

let requestInThisTask = false;

/**
 * Waits for a task of its own unless it is the first request of the current task. A fetch()
 * call costs the main thread a few milliseconds (more with DevTools attached): the dashboard's
 * 19 requests, started together as it mounted, made one 110 ms task that blocked input.
 */
async function ownTask(): Promise<void> {
  if (requestInThisTask) return nextTask();
  requestInThisTask = true;
  void nextTask().then(() => (requestInThisTask = false));
}

/** The one fetch wrapper: credentials included, JSON in and out, failures thrown as ApiError. */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, sessionCheck = true } = opts;
  await ownTask();
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, navigator.onLine === false ? OFFLINE_MESSAGE : NETWORK_ERROR_MESSAGE);
  }
  const data = await readBody(res);
  // A 2xx body with an error field is a failure too (docs/product/app-shell.md#failures).
  const bodyError =
    data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string';
  if (!res.ok || bodyError) {
    const err = toApiError(res.ok ? 400 : res.status, data);
    if (sessionCheck && isSessionFailure(res.status, err.message)) onSessionExpired();
    throw err;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: Omit<ApiOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<ApiOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<ApiOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<ApiOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Omit<ApiOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...opts, method: 'DELETE' }),
};

/** The message to show for any thrown value, with a screen-specific fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  // A failure on the server's side has no text for people: the screen says what failed.
  if (e instanceof ApiError && e.status >= 500) return fallback;
  if (e instanceof ApiError && e.message) return e.message;
  return fallback;
}
