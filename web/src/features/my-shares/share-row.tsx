import { useId, useState } from 'react';
import type { ShareSummary } from '@vitae/core/share';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useShareAction, useShareViews } from './api.ts';
import { DEVICE_LABELS, expiryText, STATUS_CLASSES, STATUS_LABELS, when } from './format.ts';
import { ExpiryDialog, RevokeDialog } from './share-dialogs.tsx';

/** One share (one recipient): what happened to it, and what its sender can still do. */
export function ShareRow({ share }: { share: ShareSummary }) {
  const action = useShareAction();
  const [dialog, setDialog] = useState<'revoke' | 'expiry' | null>(null);
  const [viewsOpen, setViewsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const viewsId = useId();
  const revoked = share.status === 'revoked';
  // The server sends no new pin for a dead link: an expired share needs a new expiry first.
  const expired = share.status === 'expired';
  const busy = (kind: 'revoke' | 'expiry' | 'resend') =>
    action.isPending && action.variables.kind === kind;

  const run = (variables: Parameters<typeof action.mutate>[0], done: string) => {
    setNotice(null);
    action.mutate(variables, {
      onSuccess: () => {
        setDialog(null);
        setNotice(done);
      },
    });
  };

  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-all text-slate-900">{share.recipientEmail}</h2>
            <p className="truncate text-sm text-slate-600">{share.subject}</p>
          </div>
          <span
            data-testid="share-status"
            className={cn(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              STATUS_CLASSES[share.status],
            )}
          >
            {STATUS_LABELS[share.status]}
          </span>
        </div>

        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact term="Sent" value={when(share.createdAt)} />
          <ExpiryFact share={share} />
          <Fact term="Views" value={String(share.viewCount)} />
          <Fact
            term="Last viewed"
            value={share.lastViewedAt ? when(share.lastViewedAt) : 'Not yet'}
          />
        </dl>

        {action.isError && (
          <Banner tone="error" className="mt-3">
            {errorMessage(action.error, 'Something went wrong. Please try again.')}
          </Banner>
        )}
        {notice && (
          <p role="status" className="mt-3 text-sm text-emerald-800">
            {notice}
          </p>
        )}

        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={viewsOpen}
            aria-controls={viewsId}
            onClick={() => setViewsOpen((open) => !open)}
          >
            {viewsOpen ? 'Hide views' : 'Views'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={revoked}
            onClick={() => setDialog('expiry')}
          >
            Change expiry
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={revoked || expired}
            aria-describedby={expired ? `${viewsId}-resend` : undefined}
            loading={busy('resend')}
            onClick={() =>
              run(
                { kind: 'resend', id: share._id },
                `A new pin was sent to ${share.recipientEmail}.`,
              )
            }
          >
            Resend
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={revoked}
            onClick={() => setDialog('revoke')}
          >
            Revoke
          </Button>
        </div>

        {expired && (
          <p id={`${viewsId}-resend`} className="mt-2 text-xs text-slate-600">
            This share has expired. Change its expiry before sending it again.
          </p>
        )}

        <div id={viewsId} hidden={!viewsOpen}>
          {viewsOpen && <ViewTrail shareId={share._id} />}
        </div>
      </Card>

      <RevokeDialog
        share={dialog === 'revoke' ? share : null}
        busy={busy('revoke')}
        onClose={() => setDialog(null)}
        onConfirm={() => run({ kind: 'revoke', id: share._id }, 'This share was revoked.')}
      />
      <ExpiryDialog
        share={dialog === 'expiry' ? share : null}
        busy={busy('expiry')}
        onClose={() => setDialog(null)}
        onSave={(expiresInDays) =>
          run({ kind: 'expiry', id: share._id, expiresInDays }, 'The expiry was changed.')
        }
      />
    </li>
  );
}

/** When the link stops (or stopped) working: revoked, expired, or still to come. */
function ExpiryFact({ share }: { share: ShareSummary }) {
  if (share.revokedAt) return <Fact term="Revoked" value={when(share.revokedAt)} />;
  const term = share.status === 'expired' ? 'Expired' : 'Expires';
  return <Fact term={term} value={expiryText(share.expiresAt)} />;
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

/** The share's views, newest first: when, on what kind of device, how much of the video. */
function ViewTrail({ shareId }: { shareId: string }) {
  const views = useShareViews(shareId, true);
  if (views.isPending) return <p className="mt-3 text-sm text-slate-600">Loading views...</p>;
  if (views.isError)
    return (
      <Banner tone="error" className="mt-3">
        Failed to load the views.
      </Banner>
    );
  if (views.data.data.length === 0)
    return <p className="mt-3 text-sm text-slate-600">No views yet.</p>;
  return (
    <ol
      aria-label="View trail"
      className="mt-3 divide-y divide-slate-100 rounded-lg bg-slate-50 text-sm"
    >
      {views.data.data.map((v) => (
        <li key={v._id} className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2">
          <span className="font-medium text-slate-900">{when(v.viewedAt)}</span>
          <span className="text-slate-700">{DEVICE_LABELS[v.deviceKind]}</span>
          <span className="text-slate-700">Video watched {v.videoPercent}%</span>
        </li>
      ))}
    </ol>
  );
}
