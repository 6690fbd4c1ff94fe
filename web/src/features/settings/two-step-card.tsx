import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PasswordField, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import {
  useDisableTwoStep,
  useEnableTwoStep,
  useStartTwoStep,
  useTwoStepStatus,
  type TwoStepSetup,
  type TwoStepStatus,
} from './api.ts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
const sixDigits = (s: string) => /^\d{6}$/.test(s.replace(/\s+/g, ''));

/**
 * Settings → Two-step sign-in: set up an authenticator app (QR code or the secret as text,
 * then a current code), keep the recovery codes shown once, see the status, turn it off.
 */
export function TwoStepCard() {
  const status = useTwoStepStatus();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Card className="space-y-4 p-5" aria-labelledby="two-step-title">
      <div>
        <h2 id="two-step-title" className="text-lg font-semibold text-slate-900">
          Two-step sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          After your password, Vitae asks for a code from an authenticator app on your phone (such
          as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone
          does not open your account.
        </p>
      </div>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <Banner tone="error">
          {errorMessage(status.error, 'Could not load your two-step sign-in settings.')}
        </Banner>
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.data.enabled ? (
        <TurnedOn status={status.data} />
      ) : (
        <SetUp onEnabled={setCodes} />
      )}
    </Card>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoStep();
  const enable = useEnableTwoStep();
  const [code, setCode] = useState('');
  const setup: TwoStepSetup | undefined = start.data;

  if (!setup) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Two-step sign-in is <strong>off</strong>.
        </p>
        {start.isError && (
          <Banner tone="error">{errorMessage(start.error, 'Could not start the set-up.')}</Banner>
        )}
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          Set up
        </Button>
      </div>
    );
  }

  const fieldError = enable.error instanceof ApiError ? enable.error.fieldErrors.code : undefined;
  const generalError =
    enable.isError && !fieldError ? errorMessage(enable.error, 'Could not turn it on.') : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sixDigits(code)) return;
    enable.mutate(code.replace(/\s+/g, ''), { onSuccess: (res) => onEnabled(res.recoveryCodes) });
  };

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows to turn two-step sign-in on.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="h-44 w-44 rounded-lg border border-slate-200 bg-white"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-800" id="two-step-key-label">
            Key to type instead
          </p>
          <code
            aria-labelledby="two-step-key-label"
            data-testid="two-step-secret"
            className="block rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900"
          >
            {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
          </code>
          <p className="text-xs text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!sixDigits(code)} loading={enable.isPending}>
            Turn on
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              start.reset();
              enable.reset();
              setCode('');
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const blob = new Blob([`Vitae recovery codes (each works once)\n\n${text}\n`], {
      type: 'text/plain',
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'vitae-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4">
      <Banner tone="success">Two-step sign-in is on.</Banner>
      <div>
        <h3 className="text-base font-semibold text-slate-900">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once instead of the app&apos;s
          code. Keep them somewhere safe: this is the only time they are shown.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      {copied && (
        <p role="status" className="text-sm text-slate-700">
          {copied === 'yes' ? 'Copied.' : 'Could not copy: select the codes and copy them.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function TurnedOn({ status }: { status: TwoStepStatus }) {
  const disable = useDisableTwoStep();
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const fields = disable.error instanceof ApiError ? disable.error.fieldErrors : {};
  const codeError = useRecovery ? fields.recoveryCode : fields.code;
  const generalError =
    disable.isError && !fields.password && !codeError
      ? errorMessage(disable.error, 'Could not turn it off.')
      : '';
  const ready = password.length > 0 && (useRecovery ? code.trim().length > 0 : sixDigits(code));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    disable.mutate(
      useRecovery
        ? { password, recoveryCode: code.trim() }
        : { password, code: code.replace(/\s+/g, '') },
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-step sign-in is <strong>on</strong>
        {status.enabledAt && <> since {formatDate(status.enabledAt)}</>}.{' '}
        {status.recoveryCodesLeft === 1
          ? '1 recovery code left.'
          : `${status.recoveryCodesLeft} recovery codes left.`}
      </p>
      {status.recoveryCodesLeft <= 2 && (
        <Banner tone="warning">
          Few recovery codes are left. Turn two-step sign-in off and set it up again for new ones.
        </Banner>
      )}
      {generalError && <Banner tone="error">{generalError}</Banner>}
      <form onSubmit={submit} noValidate className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">Turn off</h3>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
        />
        <TextField
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Code from the app'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          maxLength={useRecovery ? 24 : 7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={codeError}
          aside={
            <button
              type="button"
              className="text-sm font-medium text-brand-700 hover:underline"
              onClick={() => {
                setUseRecovery((r) => !r);
                setCode('');
                disable.reset();
              }}
            >
              {useRecovery ? 'Use the app instead' : 'Use a recovery code instead'}
            </button>
          }
        />
        <Button type="submit" variant="danger" disabled={!ready} loading={disable.isPending}>
          Turn off two-step sign-in
        </Button>
      </form>
    </div>
  );
}
