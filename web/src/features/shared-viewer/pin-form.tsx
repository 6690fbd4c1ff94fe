import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { closedReason, unlockSharedCv, type ShareClosedReason, type UnlockedCv } from './api.ts';
import { VIEW_PIN_CHECK_DELAY_MS, VIEW_PIN_LENGTH, VIEWER_TEXTS } from './texts.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Enter View Pin: the pin is checked by the server; Validating... shows for at least 500 ms. */
export function PinForm(props: {
  cvId: string;
  /** The share the link names, if any. */
  shareId: string | null;
  fullName: string | null;
  loaded: boolean;
  onUnlocked: (cv: UnlockedCv) => void;
  /** The share was revoked or expired meanwhile: the page says so instead of the form. */
  onClosed: (reason: ShareClosedReason) => void;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [validating, setValidating] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Back to the field on an error: a screen reader then reads it with its error message.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pin.trim()) return setError(VIEWER_TEXTS.pinRequired);
    if (!props.loaded) return setError(VIEWER_TEXTS.notLoaded);
    setError(undefined);
    setValidating(true);
    const [result] = await Promise.allSettled([
      unlockSharedCv(props.cvId, props.shareId, pin.trim()),
      wait(VIEW_PIN_CHECK_DELAY_MS),
    ]);
    setValidating(false);
    if (result.status === 'fulfilled') return props.onUnlocked(result.value);
    const err = result.reason as unknown;
    const closed = closedReason(err);
    if (closed) return props.onClosed(closed);
    // A lockout (429) has its own message; anything else reads as a wrong pin.
    setError(err instanceof ApiError && err.status === 429 ? err.message : VIEWER_TEXTS.pinInvalid);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="w-full max-w-sm rounded-xl bg-white p-6 shadow-md"
    >
      <h1 className="text-xl font-bold text-slate-900">Enter View Pin</h1>
      {props.fullName && (
        <p className="mt-1 text-sm font-medium text-slate-700">CV of {props.fullName}</p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        Please enter the 6-digit view pin that was provided in the email
      </p>
      <div className="mt-5">
        <TextField
          label="View pin"
          ref={input}
          value={pin}
          onChange={(e) => {
            setPin(e.target.value.slice(0, VIEW_PIN_LENGTH));
            setError(undefined);
          }}
          maxLength={VIEW_PIN_LENGTH}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          autoFocus
          error={error}
          className="text-center font-mono text-2xl tracking-[0.5em]"
        />
      </div>
      <Button type="submit" fullWidth className="mt-5" disabled={validating}>
        {validating ? 'Validating...' : 'View CV'}
      </Button>
    </form>
  );
}
