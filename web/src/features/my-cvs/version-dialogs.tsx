import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useCreateVersion, useDeleteVersion, type CvVersion } from '../cv/api.ts';

/** core/src/versions.ts VERSION_NAME_MAX (that module brings zod and every section along). */
export const NAME_MAX = 40;

/** The server's message for a refused name: its field message, else its error. */
export function nameError(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.fieldErrors.name) return e.fieldErrors.name;
  return errorMessage(e, fallback);
}

/** A copy's suggested name: "<name> (copy)", within the longest name allowed. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
}

interface NewCvDialogProps {
  open: boolean;
  onClose: () => void;
  versions: CvVersion[];
  /** Duplicate: the version copied (the choice is fixed); New CV: the user picks. */
  from?: CvVersion;
  onCreated: (made: CvVersion) => void;
}

/** New CV (a name, and all entries or a copy of a version) and Duplicate (a name). */
export function NewCvDialog({ open, onClose, versions, from, onCreated }: NewCvDialogProps) {
  const create = useCreateVersion();
  const [name, setName] = useState(from ? copyName(from.name) : '');
  const [source, setSource] = useState(from?._id ?? '');
  const [error, setError] = useState<string | null>(null);
  const formId = 'new-cv-form';
  const input = useRef<HTMLInputElement>(null);
  // After the dialog's own focus move (a parent's effect runs after its children's).
  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    input.current?.select();
  }, [open]);

  const busy = create.isPending;
  // Stable: the dialog moves focus again whenever its onClose changes.
  const close = useCallback(() => {
    if (!busy) onClose();
  }, [busy, onClose]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > NAME_MAX) {
      setError(`Please enter a CV name of 1 to ${NAME_MAX} characters.`);
      return;
    }
    setError(null);
    create.mutate(
      { name: trimmed, ...(source && { from: source }) },
      {
        onSuccess: (made) => onCreated(made),
        onError: (err) => setError(nameError(err, 'The CV could not be created.')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={from ? `Duplicate “${from.name}”` : 'New CV'}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {from ? 'Duplicate' : 'Create CV'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="CV name"
          ref={input}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={NAME_MAX}
          error={error ?? undefined}
          hint='For example "Data analyst" or "Teaching".'
          autoComplete="off"
        />
        {!from && (
          <SelectField
            label="Start from"
            value={source}
            onChange={(e) => setSource(e.target.value)}
            hint="A copy keeps that CV's template, design, layout and left-out entries."
          >
            <option value="">All entries</option>
            {versions.map((v) => (
              <option key={v._id} value={v._id}>
                A copy of {v.name}
              </option>
            ))}
          </SelectField>
        )}
      </form>
    </Dialog>
  );
}

/** core/src/versions.ts VERSION_MESSAGES.liveShares, in the dialog's words. */
function liveSharesText(n: number): string {
  return n === 1
    ? 'This CV has 1 live share. Deleting it revokes that share: its recipient can no longer open it.'
    : `This CV has ${n} live shares. Deleting it revokes them: their recipients can no longer open it.`;
}

interface DeleteCvDialogProps {
  version: CvVersion | null;
  onClose: () => void;
  onDeleted: (version: CvVersion) => void;
}

/** Asks before deleting a version; one with live shares says they end with it. */
export function DeleteCvDialog({ version, onClose, onDeleted }: DeleteCvDialogProps) {
  const remove = useDeleteVersion();
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;
  const { reset } = remove;
  // Stable: the dialog moves focus again whenever its onClose changes.
  const close = useCallback(() => {
    if (busy) return;
    setError(null);
    reset();
    onClose();
  }, [busy, reset, onClose]);
  const live = version?.liveShares ?? 0;

  const confirm = () => {
    if (!version) return;
    setError(null);
    remove.mutate(
      { id: version._id, revokeShares: live > 0 },
      {
        onSuccess: () => onDeleted(version),
        onError: (err) => setError(errorMessage(err, 'The CV could not be deleted.')),
      },
    );
  };

  return (
    <Dialog
      open={version !== null}
      onClose={close}
      size="sm"
      title={`Delete “${version?.name ?? ''}”?`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            {live > 0 ? 'Delete and revoke shares' : 'Delete CV'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>
          Its template, design, layout and choice of entries are deleted. Your entries stay in your
          profile and your other CVs.
        </p>
        {live > 0 && <p className="font-medium text-amber-900">{liveSharesText(live)}</p>}
        {error && <Banner tone="error">{error}</Banner>}
      </div>
    </Dialog>
  );
}
