import { useState } from 'react';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_EXPIRY_DAYS,
  type ShareExpiryDays,
  type ShareSummary,
} from '@vitae/core/share';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { expiryChoiceLabel } from './format.ts';

/** Asks before revoking: the recipient's link and pin stop working at once. */
export function RevokeDialog(props: {
  share: ShareSummary | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={props.share !== null}
      onClose={props.onClose}
      title="Revoke this share?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={props.busy} onClick={props.onConfirm}>
            Revoke
          </Button>
        </>
      }
    >
      <p>
        {props.share?.recipientEmail} will no longer be able to open your CV with this link and pin.
        This cannot be undone.
      </p>
    </Dialog>
  );
}

const CHOICES: ShareExpiryDays[] = [...SHARE_EXPIRY_DAYS, null];

/** Sets a new expiry, counted from now (or never). */
export function ExpiryDialog(props: {
  share: ShareSummary | null;
  busy: boolean;
  onSave: (days: ShareExpiryDays) => void;
  onClose: () => void;
}) {
  const [days, setDays] = useState<ShareExpiryDays>(DEFAULT_SHARE_EXPIRY_DAYS);
  return (
    <Dialog
      open={props.share !== null}
      onClose={props.onClose}
      title="Change expiry"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.busy} onClick={() => props.onSave(days)}>
            Save expiry
          </Button>
        </>
      }
    >
      <fieldset>
        <legend>The link to {props.share?.recipientEmail} works for, counted from now:</legend>
        <div className="mt-3 grid grid-cols-2 gap-2">
          {CHOICES.map((choice) => (
            <label
              key={String(choice)}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="share-new-expiry"
                checked={days === choice}
                onChange={() => setDays(choice)}
                className="accent-brand-600"
              />
              {expiryChoiceLabel(choice)}
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
