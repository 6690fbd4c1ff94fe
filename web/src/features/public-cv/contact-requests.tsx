import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_MESSAGES } from '@vitae/core/contact-messages';
import type { ContactMode, ContactRequest, ContactRequestStatus } from '@vitae/core/hr';
import type { Notification } from '@vitae/core/notifications';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { dateTimeLabel } from '../../lib/dates.ts';
import { useSocketEvent } from '../../lib/socket.ts';
import {
  contactRequestsKey,
  useContactRequests,
  useDecideContactRequest,
  useSetContactMode,
} from './api.ts';

const when = dateTimeLabel;

const MODE_OPTIONS: { mode: ContactMode; label: string; hint: string }[] = [
  {
    mode: 'open',
    label: 'Show them to HR users who save my CV',
    hint: 'Your email, phone number and street address appear on your CV at once.',
  },
  {
    mode: 'on-request',
    label: 'Only after I approve a request',
    hint: 'HR users ask with one click; you approve or decline each request.',
  },
];

export const STATUS_LABELS: Record<ContactRequestStatus, string> = {
  pending: 'Waiting for you',
  approved: 'Approved',
  declined: 'Declined',
};

const STATUS_CLASSES: Record<ContactRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-800',
  declined: 'bg-slate-100 text-slate-700',
};

/** The listing's choice: who sees the email and phone (ours, issue 14). */
/** `mode` null: the status is still loading; the choice shows, disabled, at its full height. */
export function ContactModeSetting({ mode }: { mode: ContactMode | null }) {
  const setMode = useSetContactMode();
  // The choice shows at once; a refused change falls back to the stored mode.
  const [chosen, setChosen] = useState<ContactMode | null>(null);
  const shown = chosen ?? mode;
  const choose = (next: ContactMode) => {
    setChosen(next);
    setMode.mutate(next, { onSettled: () => setChosen(null) });
  };
  return (
    <fieldset className="space-y-2" disabled={setMode.isPending || mode === null}>
      <legend className="text-sm font-semibold text-slate-900">
        Email, phone and street address
      </legend>
      {MODE_OPTIONS.map((o) => (
        <label
          key={o.mode}
          className={cn(
            'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
            shown === o.mode ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200',
          )}
        >
          <input
            type="radio"
            name="contact-mode"
            value={o.mode}
            checked={shown === o.mode}
            onChange={() => choose(o.mode)}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <span className="block font-medium text-slate-900">{o.label}</span>
            <span className="block text-slate-600">{o.hint}</span>
          </span>
        </label>
      ))}
      {setMode.isError && (
        <Banner tone="error">{errorMessage(setMode.error, CONTACT_MESSAGES.modeFailed)}</Banner>
      )}
    </fieldset>
  );
}

/** A new request arriving live refreshes the list (the bell shows the notification itself). */
function useLiveRequests() {
  const client = useQueryClient();
  useSocketEvent('notification', (n: Notification) => {
    if (n.type === 'contact-requested') {
      void client.invalidateQueries({ queryKey: contactRequestsKey });
    }
  });
}

/** The HR users' requests for the email and phone, each with its answer buttons. */
export function ContactRequestsList() {
  useLiveRequests();
  const requests = useContactRequests();
  const list = requests.data ?? [];
  if (requests.isError) {
    return <p className="text-sm text-slate-600">Contact requests could not be loaded.</p>;
  }
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="contact-requests-title" className="space-y-2">
      <h3 id="contact-requests-title" className="text-sm font-semibold text-slate-900">
        Requests for your contact details
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {list.map((r) => (
          <li
            key={r._id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{r.hrUserName}</p>
              <p className="text-xs text-slate-600">
                Asked <time dateTime={r.requestedAt}>{when(r.requestedAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  STATUS_CLASSES[r.status],
                )}
              >
                {STATUS_LABELS[r.status]}
              </span>
              <DecisionButtons request={r} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Approve and decline for a pending request; an approved one can be revoked (the details
 * are hidden again) and a declined one still approved.
 */
export function DecisionButtons({ request }: { request: ContactRequest }) {
  const decide = useDecideContactRequest();
  const who = request.hrUserName;
  const run = (decision: 'approve' | 'decline') =>
    decide.mutate(
      { id: request._id, decision },
      { onError: (e) => window.alert(errorMessage(e, CONTACT_MESSAGES.decideFailed)) },
    );
  const busy = decide.isPending;
  return (
    <div className="flex gap-2">
      {request.status !== 'approved' && (
        <Button
          size="sm"
          loading={busy && decide.variables?.decision === 'approve'}
          disabled={busy}
          onClick={() => run('approve')}
          aria-label={`Approve ${who}'s request`}
        >
          Approve
        </Button>
      )}
      {request.status === 'pending' && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy && decide.variables?.decision === 'decline'}
          disabled={busy}
          onClick={() => run('decline')}
          aria-label={`Decline ${who}'s request`}
        >
          Decline
        </Button>
      )}
      {request.status === 'approved' && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy}
          onClick={() => run('decline')}
          aria-label={`Revoke ${who}'s access`}
        >
          Revoke
        </Button>
      )}
    </div>
  );
}

/**
 * The answer buttons under a "Contact details requested" notification: the request as it
 * stands now, read from the owner's list (shared with the listing card).
 */
export function ContactRequestActions({ requestId }: { requestId: string }) {
  const requests = useContactRequests();
  const request = requests.data?.find((r) => r._id === requestId);
  if (!request) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {request.status !== 'pending' && (
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            STATUS_CLASSES[request.status],
          )}
        >
          {STATUS_LABELS[request.status]}
        </span>
      )}
      <DecisionButtons request={request} />
    </div>
  );
}
