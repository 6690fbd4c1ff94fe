import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PasswordField } from '../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { auth } from '../../lib/auth-store.ts';
import { useDeleteAccount } from './api.ts';

/** "Delete my account": the password, a last confirmation, then everything goes. */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);

  const fieldError =
    remove.error instanceof ApiError ? remove.error.fieldErrors.password : undefined;
  const generalError =
    remove.isError && !fieldError
      ? errorMessage(remove.error, 'Could not delete your account.')
      : '';

  const ask = (e: FormEvent) => {
    e.preventDefault();
    remove.reset();
    setConfirming(true);
  };

  const confirm = () =>
    remove.mutate(password, {
      onSuccess: () => {
        client.clear();
        auth.signOutLocal();
        // The sign-in page says why the user is there (ACCOUNT_DELETED_NOTICE).
        navigate('/login?deleted=1', { replace: true });
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <Card className="space-y-4 border-red-200 p-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Delete my account</h2>
        <p className="mt-1 text-sm text-slate-600">
          Your CV, photos, certificates, video, shares and notifications are erased for good. Links
          you shared stop working and HR users no longer see your CV. Export your account first if
          you want a copy.
        </p>
      </div>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      <form onSubmit={ask} className="space-y-3" noValidate>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" variant="danger" disabled={!password}>
          Delete my account
        </Button>
      </form>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your account?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={confirm}>
              Delete everything
            </Button>
          </>
        }
      >
        This cannot be undone.
      </Dialog>
    </Card>
  );
}
