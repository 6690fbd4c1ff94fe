import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AUTH_MESSAGES } from '@vitae/core/auth-messages';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { wasHrSignup } from '../../lib/hr-intent.ts';
import { verifyEmail } from './api.ts';
import { authLink } from './auth-layout.tsx';

const VERIFIED_JOB_SEEKER =
  'Your email address is confirmed. You can now sign in and start building your CV.';
const VERIFIED_HR =
  'Your email address is confirmed. You can now sign in and start finding candidates on your HR dashboard.';

type Result = { ok: true; hr: boolean; already: boolean } | { ok: false; detail: string };

// The token is single-use: share one request between StrictMode's double effects.
const pending = new Map<string, Promise<Result>>();

function verifyOnce(id: string): Promise<Result> {
  let p = pending.get(id);
  if (!p) {
    p = verifyEmail(id).then(
      // The server's word on the account when it gives one; else this browser's sign-up.
      (res): Result => ({
        ok: true,
        hr: res.isHR ?? wasHrSignup(),
        already: res.alreadyVerified === true,
      }),
      (e: unknown): Result =>
        e instanceof ApiError && e.status > 0
          ? { ok: false, detail: e.message }
          : { ok: false, detail: AUTH_MESSAGES.verificationInvalid },
    );
    pending.set(id, p);
  }
  return p;
}

function StatusIcon({ ok }: { ok: boolean }) {
  return (
    <div
      className={`mx-auto flex size-14 items-center justify-center rounded-full ${ok ? 'bg-emerald-50 text-emerald-600' : 'bg-red-50 text-red-600'}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={ok ? 'M5 13l4 4L19 7' : 'M6 6l12 12M18 6 6 18'} />
      </svg>
    </div>
  );
}

export default function EmailVerifiedPage() {
  const { id = '' } = useParams();
  const [result, setResult] = useState<Result | null>(
    id ? null : { ok: false, detail: AUTH_MESSAGES.verificationLinkInvalid },
  );

  useEffect(() => {
    if (!id) return;
    let live = true;
    void verifyOnce(id).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-10 pb-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          {!result && (
            <div role="status" className="flex flex-col items-center gap-4 py-6">
              <Spinner size="lg" className="text-brand-600" />
              <h1 className="text-lg font-semibold text-slate-900">Verifying your email...</h1>
            </div>
          )}
          {result?.ok && (
            <>
              <StatusIcon ok />
              <h1 className="mt-4 text-2xl font-semibold text-slate-900">
                {result.already ? 'Email already verified' : AUTH_MESSAGES.verified}
              </h1>
              <p className="mt-2 text-sm text-slate-600">
                {result.already
                  ? AUTH_MESSAGES.alreadyVerified
                  : result.hr
                    ? VERIFIED_HR
                    : VERIFIED_JOB_SEEKER}
              </p>
              <ButtonLink to="/login" fullWidth size="lg" className="mt-6">
                Sign In
              </ButtonLink>
            </>
          )}
          {result && !result.ok && (
            <>
              <StatusIcon ok={false} />
              <h1 className="mt-4 text-2xl font-semibold text-slate-900">Verification failed</h1>
              <p className="mt-2 text-sm text-slate-700">{result.detail}</p>
              <p className="mt-1 text-sm text-slate-600">
                Please try again or request a new verification email.
              </p>
              <ButtonLink
                to="/login?action=resend-verification"
                fullWidth
                size="lg"
                className="mt-6"
              >
                Request New Verification Email
              </ButtonLink>
              <p className="mt-4 text-sm">
                <Link to="/login" className={authLink}>
                  Back to Sign In
                </Link>
              </p>
            </>
          )}
        </div>
      </main>
      <footer className="py-6 text-center text-sm text-slate-600">
        Need help?{' '}
        <a href="mailto:support@vitae.local" className={authLink}>
          Contact support
        </a>
        <p className="mt-2 text-xs">© 2024 Vitae. All rights reserved.</p>
      </footer>
    </div>
  );
}
