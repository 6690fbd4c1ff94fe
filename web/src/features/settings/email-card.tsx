import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PasswordField, TextField } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useChangeEmail } from './account-security-api.ts';

/**
 * Settings → Change email: the password and the new address; the change happens when the
 * link sent to the new address is opened.
 */
export function EmailCard() {
  const { user } = useAuth();
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  const generalError =
    change.isError && Object.keys(fieldErrors).length === 0
      ? errorMessage(change.error, 'Could not ask for the change.')
      : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ email, password }, { onSuccess: () => setPassword('') });
  };

  return (
    <Card role="region" className="space-y-4 p-5" aria-labelledby="email-title">
      <div>
        <h2 id="email-title" className="text-lg font-semibold text-slate-900">
          Change email
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your address now is <strong className="break-all">{user?.email}</strong>. We send a link
          to the new address; the change happens when you open it.
        </p>
      </div>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      {change.isSuccess && (
        <p role="status" className="text-sm text-emerald-700">
          {change.data.message}
        </p>
      )}
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" loading={change.isPending}>
          Send the link
        </Button>
      </form>
    </Card>
  );
}
