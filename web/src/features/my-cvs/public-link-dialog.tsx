import { useState } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SwitchButton } from '../../components/ui/switch-button.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { CvVersion } from '../cv/api.ts';
import { DEVICE_LABELS, when } from '../my-shares/index.ts';
import {
  usePublicLink,
  useResetPublicLink,
  useSetPublicLink,
  type PublicLink,
} from './public-link-api.ts';

/** Views listed in the dialog; the count covers them all. */
const VIEWS_SHOWN = 10;

/**
 * A version's public link (issue 30): off by default; on, anyone with `/cv/{slug}` reads this
 * CV without a pin. Copy, reset (the old address stops working), its options and its views.
 */
export function PublicLinkDialog({
  version,
  onClose,
}: {
  version: CvVersion;
  onClose: () => void;
}) {
  const link = usePublicLink(version._id);
  return (
    <Dialog open onClose={onClose} title={`Public link · ${version.name}`}>
      {link.isPending ? (
        <PageLoader message="Loading the link..." />
      ) : link.isError ? (
        <Banner tone="error">
          {errorMessage(link.error, 'The link could not be loaded.')}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void link.refetch()}
          >
            Try again
          </button>
        </Banner>
      ) : (
        <LinkSettings versionId={version._id} link={link.data} />
      )}
    </Dialog>
  );
}

function LinkSettings({ versionId, link }: { versionId: string; link: PublicLink }) {
  const set = useSetPublicLink(versionId);
  const reset = useResetPublicLink(versionId);
  const [confirmReset, setConfirmReset] = useState(false);
  const [notice, setNotice] = useState('');
  const url = link.path ? `${window.location.origin}${link.path}` : null;
  const failure = set.error ?? reset.error;
  const busy = set.isPending || reset.isPending;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNotice('Link copied.');
    } catch {
      setNotice('The link could not be copied: select it and copy it yourself.');
    }
  };

  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        Anyone with the link can read this CV and download its PDF, without a view pin. Sharing by
        email with a pin stays the private way.
      </p>
      <SwitchButton
        label={link.enabled ? 'Public link on' : 'Public link off'}
        checked={link.enabled}
        disabled={busy}
        onChange={(enabled) =>
          set.mutate(
            { enabled },
            { onSuccess: () => setNotice(enabled ? 'Public link on.' : 'Public link off.') },
          )
        }
      />
      {url && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`link-${versionId}`}>
              Public link
            </label>
            <input
              id={`link-${versionId}`}
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-slate-800"
            />
            <Button size="sm" onClick={() => void copy()}>
              Copy link
            </Button>
            <a
              href={link.path!}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Open
            </a>
          </div>
          <fieldset className="space-y-2">
            <legend className="sr-only">Link options</legend>
            <Option
              label="Show my photo"
              checked={link.includePhoto}
              disabled={busy}
              onChange={(includePhoto) => set.mutate({ enabled: true, includePhoto })}
            />
            <Option
              label="Let search engines list this CV"
              checked={link.indexable}
              disabled={busy}
              onChange={(indexable) => set.mutate({ enabled: true, indexable })}
            />
          </fieldset>
          {confirmReset ? (
            <div role="group" aria-label="Reset the link" className="rounded-lg bg-amber-50 p-3">
              <p className="text-amber-900">
                The current link stops working for everyone who has it. Reset it?
              </p>
              <div className="mt-2 flex gap-2">
                <Button
                  size="sm"
                  loading={reset.isPending}
                  onClick={() =>
                    reset.mutate(undefined, {
                      onSuccess: () => {
                        setConfirmReset(false);
                        setNotice('The link was reset: the old one no longer works.');
                      },
                    })
                  }
                >
                  Reset link
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirmReset(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirmReset(true)}>
              Reset link…
            </Button>
          )}
        </>
      )}
      {failure && (
        <p role="alert" className="text-red-700">
          {errorMessage(failure, 'The link could not be changed. Please try again.')}
        </p>
      )}
      <p role="status" className="text-slate-700">
        {notice}
      </p>
      <LinkViews link={link} />
    </div>
  );
}

function Option({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 rounded border-slate-400"
      />
      {label}
    </label>
  );
}

function LinkViews({ link }: { link: PublicLink }) {
  if (link.viewCount === 0) {
    return <p className="text-slate-600">{link.enabled ? 'No views yet.' : ''}</p>;
  }
  return (
    <div>
      <h3 className="font-semibold text-slate-900">
        {link.viewCount === 1 ? '1 view' : `${link.viewCount} views`} through the public link
      </h3>
      <ol
        aria-label="Public link views"
        className="mt-2 divide-y divide-slate-100 rounded-lg bg-slate-50"
      >
        {link.views.slice(0, VIEWS_SHOWN).map((v) => (
          <li key={v._id} className="flex flex-wrap gap-x-4 gap-y-1 px-3 py-2">
            <span className="font-medium text-slate-900">{when(v.viewedAt)}</span>
            <span className="text-slate-700">{DEVICE_LABELS[v.deviceKind]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
