import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PasswordField } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useChangePassword } from './account-security-api.ts';

const EMPTY = { currentPassword: '', password: '', password2: '' };

/** Settings → Change password: the current one, then the new one twice (sign-up's rules). */
export function PasswordCard() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  const generalError =
    change.isError && Object.keys(fieldErrors).length === 0
      ? errorMessage(change.error, 'Could not change your password.')
      : '';
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <Card role="region" className="space-y-4 p-5" aria-labelledby="password-title">
      <div>
        <h2 id="password-title" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your other sessions are signed out when the password changes; this one stays.
        </p>
      </div>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      {change.isSuccess && (
        <p role="status" className="text-sm text-emerald-700">
          {change.data.message}
        </p>
      )}
      <form onSubmit={submit} className="space-y-3" noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={fieldErrors.currentPassword}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={fieldErrors.password}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={form.password2}
          onChange={set('password2')}
          error={fieldErrors.password2}
        />
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
