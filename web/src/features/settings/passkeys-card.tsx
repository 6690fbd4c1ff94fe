import { useState, type FormEvent } from 'react';
import { PASSKEYS } from '@vitae/core/passkey-messages';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PasswordField, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import {
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  type Passkey,
} from './api.ts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The server's words for an API failure; the browser's for a stopped ceremony. */
const failureText = (e: unknown, fallback: string) =>
  e instanceof ApiError ? errorMessage(e, fallback) : e instanceof Error ? e.message : fallback;

/** A name to start from: the kind of device this browser runs on. */
function suggestedName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android phone';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows PC';
  return 'This device';
}

/**
 * Settings → Passkeys: sign in with the phone's or computer's screen lock instead of the
 * password and code. Lists them (name, added, last used), adds one (the password first, then
 * the browser's ceremony), renames and removes them.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  return (
    <Card className="space-y-4 p-5" aria-labelledby="passkeys-title">
      <div>
        <h2 id="passkeys-title" className="text-lg font-semibold text-slate-900">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sign in with your fingerprint, face or device PIN instead of your password. A passkey
          stays on your phone, computer or security key and cannot be phished; it also stands in for
          the two-step code. Your password keeps working.
        </p>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Banner tone="error">{errorMessage(list.error, 'Could not load your passkeys.')}</Banner>
      ) : (
        <>
          {added && <Banner tone="success">Passkey “{added}” added.</Banner>}
          {list.data.passkeys.length === 0 ? (
            <p className="text-sm text-slate-700">You have no passkeys yet.</p>
          ) : (
            <ul
              aria-label="Your passkeys"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            >
              {list.data.passkeys.map((p) => (
                <PasskeyRow key={p._id} passkey={p} />
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskey
              onDone={(name) => {
                setAdding(false);
                setAdded(name);
              }}
              onCancel={() => setAdding(false)}
            />
          ) : list.data.passkeys.length >= list.data.max ? (
            <p className="text-sm text-slate-600">
              You have {PASSKEYS.max} passkeys, the most an account can have. Remove one to add
              another.
            </p>
          ) : (
            <Button
              onClick={() => {
                setAdded(null);
                setAdding(true);
              }}
            >
              Add a passkey
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function AddPasskey({
  onDone,
  onCancel,
}: {
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const add = useAddPasskey();
  const [name, setName] = useState(suggestedName);
  const [password, setPassword] = useState('');
  const fields = add.error instanceof ApiError ? add.error.fieldErrors : {};
  const generalError =
    add.isError && !fields.password && !fields.name
      ? failureText(add.error, 'Could not add the passkey.')
      : '';
  const ready = name.trim().length > 0 && password.length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    add.mutate({ name: name.trim(), password }, { onSuccess: (row) => onDone(row.name) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Add a passkey</h3>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      <TextField
        label="Name"
        hint="So you can tell your passkeys apart, e.g. “Work laptop”."
        maxLength={PASSKEYS.nameMax}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fields.name}
      />
      <PasswordField
        label="Password"
        hint="Your password confirms it is you adding the passkey."
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.password}
      />
      <p className="text-sm text-slate-600">
        Your browser then asks you to create the passkey with your screen lock or security key.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ready} loading={add.isPending}>
          Create passkey
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const renameError =
    rename.error instanceof ApiError
      ? (rename.error.fieldErrors.name ?? errorMessage(rename.error, 'Could not rename it.'))
      : rename.isError
        ? 'Could not rename it.'
        : undefined;

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    rename.mutate({ id: passkey._id, name: name.trim() }, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="p-3 sm:p-4">
      {editing ? (
        <form onSubmit={save} noValidate className="space-y-2">
          <TextField
            label="Passkey name"
            maxLength={PASSKEYS.nameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={renameError}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={!name.trim()} loading={rename.isPending}>
              Save
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                rename.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{passkey.name}</p>
            <p className="text-xs text-slate-600">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'never used'}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Rename ${passkey.name}`}
              onClick={() => setEditing(true)}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Remove ${passkey.name}`}
              onClick={() => {
                remove.reset();
                setConfirming(true);
              }}
            >
              Remove
            </Button>
          </div>
        </div>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Remove this passkey?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(passkey._id, { onSuccess: () => setConfirming(false) })}
            >
              Remove passkey
            </Button>
          </>
        }
      >
        <p>
          “{passkey.name}” will no longer sign you in. Your password still does. The passkey may
          stay on the device; you can delete it there too.
        </p>
        {remove.isError && (
          <Banner tone="error" className="mt-3">
            {errorMessage(remove.error, 'Could not remove the passkey.')}
          </Banner>
        )}
      </Dialog>
    </li>
  );
}
