import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import {
  useEndOtherSessions,
  useEndSession,
  useSessions,
  type SessionInfo,
} from './account-security-api.ts';

const KIND_LABEL: Record<SessionInfo['deviceKind'], string> = {
  desktop: 'Computer',
  phone: 'Phone',
  tablet: 'Tablet',
  other: 'Unknown device',
};

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function DeviceIcon({ kind }: { kind: SessionInfo['deviceKind'] }) {
  const path =
    kind === 'phone'
      ? 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2'
      : kind === 'tablet'
        ? 'M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2'
        : kind === 'desktop'
          ? 'M4 5h16v10H4zM2 19h20'
          : 'M12 17h.01M9.1 9a3 3 0 1 1 4.2 2.7c-.8.4-1.3 1.1-1.3 2v.3';
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6 shrink-0 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** "Chrome 131 on Windows 10", or what is known of it. */
function browserLine(s: SessionInfo) {
  if (s.browser && s.os) return `${s.browser} on ${s.os}`;
  return s.browser ?? s.os ?? 'Unknown browser';
}

/**
 * Settings → Your sessions: every browser signed in to the account (device, browser, when it
 * signed in and was last active), this one marked; sign out any other, or all others at once.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  const failure = end.error ?? endOthers.error;

  return (
    <Card role="region" className="space-y-4 p-5" aria-labelledby="sessions-title">
      <div>
        <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
          Your sessions
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The browsers signed in to your account. If you do not recognise one, sign it out and
          change your password.
        </p>
      </div>
      {failure && <Banner tone="error">{errorMessage(failure, 'Could not sign it out.')}</Banner>}
      {endOthers.isSuccess && endOthers.data && (
        <p role="status" className="text-sm text-emerald-700">
          {endOthers.data.message}
        </p>
      )}
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <Banner tone="error">
          {errorMessage(sessions.error, 'Could not load your sessions.')}
        </Banner>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Signed-in sessions"
        >
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap">
              <DeviceIcon kind={s.deviceKind} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900">
                  {KIND_LABEL[s.deviceKind]} · {browserLine(s)}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                      This device
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-slate-600">Last active {formatWhen(s.lastActiveAt)}</p>
                <p className="text-slate-600">
                  Signed in {formatWhen(s.createdAt)}
                  {s.place ? ` · ${s.place}` : ''}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={end.isPending && end.variables === s.id}
                  onClick={() => end.mutate(s.id)}
                  aria-label={`Sign out ${KIND_LABEL[s.deviceKind]} · ${browserLine(s)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="secondary"
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out all other sessions
        </Button>
      )}
    </Card>
  );
}
