import { useSyncExternalStore } from 'react';
import type { User } from '@vitae/core';
import { AUTH_TOKEN_MARKER, SESSION_REFRESH_MS } from '@vitae/core/constants';
import { api } from './api.ts';
import {
  clearIntent,
  getHRIntent,
  intentPayload,
  rememberHrSignup,
  setHRIntent,
} from './hr-intent.ts';

export interface AffiliateInfo {
  code: string;
  link: string;
  referralCount: number;
}

/** The auth session state (docs/product/auth.md#session-state). */
export interface AuthState {
  /** The fixed marker `web-authenticated` while signed in, else null. */
  token: string | null;
  user: User | null;
  /** True once the start-up fetch-user has answered (protected routes wait for it). */
  sessionChecked: boolean;
  /** True after a sign-in (login or fetch-user) completed; reset by sign-out. */
  initLoginDone: boolean;
  errorMessage: string | null;
  apiMessage: string | null;
  loading: boolean;
  usersDevice: { userAgent: string; platform: string } | null;
  introAffiliateCode: string | null;
  affiliateInfo: AffiliateInfo | null;
  HRIntent: boolean;
}

const TOKEN_KEY = 'token';

function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) === AUTH_TOKEN_MARKER ? AUTH_TOKEN_MARKER : null;
  } catch {
    return null;
  }
}

function writeToken(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(TOKEN_KEY, AUTH_TOKEN_MARKER);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage may be blocked (private mode); the in-memory state still works.
  }
}

function initialState(): AuthState {
  return {
    token: readToken(),
    user: null,
    sessionChecked: false,
    initLoginDone: false,
    errorMessage: null,
    apiMessage: null,
    loading: false,
    usersDevice: null,
    introAffiliateCode: null,
    affiliateInfo: null,
    HRIntent: getHRIntent(),
  };
}

let state: AuthState = initialState();
const listeners = new Set<() => void>();

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

/** The auth session state; re-renders when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

function signedIn(user: User): void {
  writeToken(true);
  setState({ token: AUTH_TOKEN_MARKER, user, initLoginDone: true, errorMessage: null });
}

/**
 * Clears token and user and the error, and resets initLoginDone
 * (docs/product/auth.md#session-state).
 */
function signOutLocal(): void {
  writeToken(false);
  setState({
    token: null,
    user: null,
    errorMessage: null,
    initLoginDone: false,
    affiliateInfo: null,
  });
}

async function registerDevice(): Promise<void> {
  const usersDevice = {
    userAgent: navigator.userAgent.slice(0, 512),
    platform: (navigator.platform || 'web').slice(0, 128),
  };
  setState({ usersDevice });
  try {
    await api.post('/api/devices', usersDevice);
  } catch (e) {
    console.warn('device registration failed', e);
  }
}

export interface LoginInput {
  email: string;
  password: string;
  /**
   * The emailed code, when the answer to a sign-in asked for one; for an account with two-step
   * sign-in, the authenticator app's code (or a recovery code) instead.
   */
  code?: string;
}

/** A right password for an account with two-step sign-in: the code comes next. */
export interface TwoStepPending {
  twoStepToken: string;
  message: string;
}

/** The second step: a code from the authenticator app, or a recovery code. */
export type SecondStep = { code: string } | { recoveryCode: string };

export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
  password2: string;
  affiliatceIntroCode?: string;
}

export const auth = {
  /** The start-up sign-in attempt, and the periodic re-fetch. Failures are only logged. */
  async fetchUser(): Promise<User | null> {
    try {
      const { user } = await api.get<{ user: User | null }>('/auth/user/fetch-user', {
        sessionCheck: false,
      });
      if (user) signedIn(user);
      else if (state.token || state.user) signOutLocal();
      return user;
    } catch (e) {
      console.warn('session check failed', e);
      return state.user;
    } finally {
      if (!state.sessionChecked) setState({ sessionChecked: true });
    }
  },

  /**
   * Signs in; sends the stored HR intent and CV to save. Throws ApiError on failure. For an
   * account with two-step sign-in it answers the pending sign-in instead (no session yet):
   * `loginTwoStep` finishes it.
   */
  async login(input: LoginInput): Promise<User | TwoStepPending> {
    setState({ loading: true, errorMessage: null });
    try {
      const res = await api.post<{ user: User } | (TwoStepPending & { twoStepRequired: true })>(
        '/auth/user/login-web',
        { ...input, ...intentPayload() },
        { sessionCheck: false },
      );
      clearIntent();
      setState({ HRIntent: false });
      if ('twoStepRequired' in res) {
        return { twoStepToken: res.twoStepToken, message: res.message };
      }
      signedIn(res.user);
      void registerDevice();
      return res.user;
    } catch (e) {
      setState({ errorMessage: (e as Error).message });
      throw e;
    } finally {
      setState({ loading: false });
    }
  },

  /** Finishes a two-step sign-in with the app's code or a recovery code. Throws ApiError. */
  async loginTwoStep(twoStepToken: string, step: SecondStep): Promise<User> {
    const res = await api.post<{ user: User }>(
      '/auth/user/login-two-step',
      { token: twoStepToken, ...step },
      { sessionCheck: false },
    );
    signedIn(res.user);
    void registerDevice();
    return res.user;
  },

  /**
   * Signs in with a passkey: the server's challenge, the browser's ceremony (its library is
   * loaded now, not with the page), the signed answer. A passkey counts as both steps.
   * Throws ApiError, or PasskeyCeremonyError when the browser or the person stopped it.
   */
  async loginPasskey(): Promise<User> {
    const { options } = await api.post<{ options: Record<string, unknown> }>(
      '/auth/user/passkeys/sign-in-options',
      {},
      { sessionCheck: false },
    );
    const { signWithPasskey } = await import('./webauthn.ts');
    const response = await signWithPasskey(options);
    const res = await api.post<{ user: User }>(
      '/auth/user/login-passkey',
      { response, ...intentPayload() },
      { sessionCheck: false },
    );
    clearIntent();
    setState({ HRIntent: false });
    signedIn(res.user);
    void registerDevice();
    return res.user;
  },

  /** Creates the account (it is not signed in until the email is verified). */
  async register(input: RegisterInput): Promise<string> {
    setState({ loading: true, apiMessage: null });
    try {
      const { affiliatceIntroCode, ...rest } = input;
      const res = await api.post<{ message: string }>(
        '/auth/user/register',
        { ...rest, ...(affiliatceIntroCode ? { affiliatceIntroCode } : {}), ...intentPayload() },
        { sessionCheck: false },
      );
      rememberHrSignup(getHRIntent());
      clearIntent();
      setState({
        apiMessage: res.message,
        HRIntent: false,
        introAffiliateCode: affiliatceIntroCode ?? null,
      });
      return res.message;
    } finally {
      setState({ loading: false });
    }
  },

  async logout(): Promise<void> {
    try {
      await api.post('/auth/user/logout', undefined, { sessionCheck: false });
    } catch (e) {
      console.warn('logout call failed', e);
    }
    signOutLocal();
  },

  /** Forgets the session locally (an expired session; the server already dropped it). */
  signOutLocal,

  /** Turns on the HR dashboard for the signed-in user, carrying any stored CV to save. */
  async enableHrDashboard(): Promise<User> {
    const { cvToSave } = intentPayload();
    const res = await api.post<{ user: User }>('/auth/user/enable-hr-dashboard', {
      ...(cvToSave ? { cvToSave } : {}),
    });
    clearIntent();
    signedIn(res.user);
    return res.user;
  },

  async fetchAffiliateInfo(): Promise<AffiliateInfo> {
    const info = await api.get<AffiliateInfo>('/api/affiliate/info');
    setState({ affiliateInfo: info });
    return info;
  },

  /** Stores the HR intent (sessionStorage) so the next login or sign-up carries it. */
  setHRIntent(on: boolean): void {
    setHRIntent(on);
    setState({ HRIntent: on });
  },
};

let refreshTimer: ReturnType<typeof setInterval> | undefined;

/** Runs the start-up sign-in attempt and re-fetches the user every 300000 ms while signed in. */
export function startSession(): () => void {
  void auth.fetchUser();
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => {
    if (state.user || state.token) void auth.fetchUser();
  }, SESSION_REFRESH_MS);
  return () => clearInterval(refreshTimer);
}

/** Test hook: puts the store into a known state. */
export function resetAuthState(patch: Partial<AuthState> = {}): void {
  state = { ...initialState(), ...patch };
  listeners.forEach((l) => l());
}
