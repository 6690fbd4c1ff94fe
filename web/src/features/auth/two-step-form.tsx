import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { auth } from '../../lib/auth-store.ts';

/**
 * The sign-in's second step, after a right password for an account with two-step sign-in:
 * the authenticator app's 6-digit code, or one of the recovery codes instead.
 */
export function TwoStepForm({
  token,
  onRestart,
}: {
  token: string;
  /** Back to the email and password (the pending sign-in expired, or the user wants to). */
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<{ text: string; expired: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  const typed = value.trim();
  const ready = useRecovery ? typed.length > 0 : /^\d{6}$/.test(typed.replace(/\s+/g, ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setFailure(null);
    setSending(true);
    try {
      await auth.loginTwoStep(
        token,
        useRecovery ? { recoveryCode: typed } : { code: typed.replace(/\s+/g, '') },
      );
      // Signed in: the page redirects.
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const text =
        fields.token ??
        fields.code ??
        fields.recoveryCode ??
        (err instanceof ApiError ? err.message : '') ??
        '';
      setFailure({ text: text || 'Could not sign you in.', expired: Boolean(fields.token) });
      setSending(false);
    }
  };

  const switchKind = () => {
    setUseRecovery((r) => !r);
    setValue('');
    setFailure(null);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Two-step sign-in">
      {failure && (
        <Banner tone="error">
          <p>{failure.text}</p>
          {failure.expired && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={onRestart}>
              Sign in again
            </Button>
          )}
        </Banner>
      )}
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          autoFocus
          hint="One of the codes you saved when you set up two-step sign-in. Each works once."
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <TextField
          key="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          autoFocus
          hint="The 6-digit code your authenticator app shows for Vitae."
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <Button type="submit" fullWidth size="lg" disabled={!ready} loading={sending}>
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={switchKind}
        >
          {useRecovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button
          type="button"
          className="font-medium text-slate-600 hover:underline"
          onClick={onRestart}
        >
          Back to sign in
        </button>
      </div>
    </form>
  );
}
