/**
 * The HR intent and the CV an HR-to-be wants to save live in sessionStorage so they
 * survive the trip through /login or /signup, and are sent with login/register.
 */
const HR_INTENT_KEY = 'HRIntent';
const CV_TO_SAVE_KEY = 'cvToSave';

export type CvToSave = string | { cvId?: string; id?: string; fullName?: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function setHRIntent(on: boolean): void {
  if (on) storage()?.setItem(HR_INTENT_KEY, 'true');
  else storage()?.removeItem(HR_INTENT_KEY);
}

export function getHRIntent(): boolean {
  return storage()?.getItem(HR_INTENT_KEY) === 'true';
}

/** Used by the shared CV viewer's Save CV before it sends the visitor to /hr-introduction. */
export function setCvToSave(cv: CvToSave | null): void {
  if (cv) storage()?.setItem(CV_TO_SAVE_KEY, JSON.stringify(cv));
  else storage()?.removeItem(CV_TO_SAVE_KEY);
}

export function getCvToSave(): CvToSave | null {
  const raw = storage()?.getItem(CV_TO_SAVE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CvToSave;
  } catch {
    return null;
  }
}

/** The extra fields login and register carry when an HR intent is stored. */
export function intentPayload(): { HRIntent?: true; cvToSave?: CvToSave } {
  const cv = getCvToSave();
  return { ...(getHRIntent() ? { HRIntent: true as const } : {}), ...(cv ? { cvToSave: cv } : {}) };
}

export function clearIntent(): void {
  setHRIntent(false);
  setCvToSave(null);
}

const HR_SIGNUP_KEY = 'vitae-hr-signup';

/**
 * Whether this browser's latest sign-up was an HR one. Kept in localStorage (the verification
 * link usually opens in a new tab) so the email-verified page can word its welcome for HR.
 */
export function rememberHrSignup(hr: boolean): void {
  try {
    if (hr) window.localStorage.setItem(HR_SIGNUP_KEY, 'true');
    else window.localStorage.removeItem(HR_SIGNUP_KEY);
  } catch {
    // Storage blocked: the page then shows the job seeker's text.
  }
}

export function wasHrSignup(): boolean {
  try {
    return window.localStorage.getItem(HR_SIGNUP_KEY) === 'true';
  } catch {
    return false;
  }
}
