import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { auth, useAuth } from '../../lib/auth-store.ts';

const INVALID = 'This link is invalid or has expired. Ask for the change again in Settings.';

type Result = { ok: true; email: string; message: string } | { ok: false; detail: string };

// The link works once: share one request between StrictMode's double effects.
const pending = new Map<string, Promise<Result>>();

function confirmOnce(token: string): Promise<Result> {
  let p = pending.get(token);
  if (!p) {
    p = api
      .post<{ email: string; message: string }>(
        '/auth/user/confirm-email-change',
        { token },
        { sessionCheck: false },
      )
      .then(
        (res): Result => ({ ok: true, email: res.email, message: res.message }),
        (e: unknown): Result =>
          e instanceof ApiError && e.status > 0
            ? { ok: false, detail: e.message }
            : { ok: false, detail: INVALID },
      );
    pending.set(token, p);
  }
  return p;
}

/** /change-email/:token, the link sent to a new address: opening it makes the change. */
export default function EmailChangePage() {
  const { token = '' } = useParams();
  const { user } = useAuth();
  const [result, setResult] = useState<Result | null>(
    token ? null : { ok: false, detail: INVALID },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    void confirmOnce(token).then((r) => {
      if (!live) return;
      setResult(r);
      // A signed-in tab shows the new address from now on.
      if (r.ok) void auth.fetchUser();
    });
    return () => {
      live = false;
    };
  }, [token]);

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
              <h1 className="text-lg font-semibold text-slate-900">Changing your email...</h1>
            </div>
          )}
          {result?.ok && (
            <>
              <h1 className="text-2xl font-semibold text-slate-900">{result.message}</h1>
              <p className="mt-2 text-sm break-all text-slate-600">
                You now sign in with <strong>{result.email}</strong>.
              </p>
              <ButtonLink
                to={user ? '/app/settings' : '/login'}
                fullWidth
                size="lg"
                className="mt-6"
              >
                {user ? 'Back to Settings' : 'Sign In'}
              </ButtonLink>
            </>
          )}
          {result && !result.ok && (
            <>
              <h1 className="text-2xl font-semibold text-slate-900">Your email was not changed</h1>
              <p className="mt-2 text-sm text-slate-700">{result.detail}</p>
              <ButtonLink
                to={user ? '/app/settings' : '/login'}
                fullWidth
                size="lg"
                className="mt-6"
              >
                {user ? 'Back to Settings' : 'Sign In'}
              </ButtonLink>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
