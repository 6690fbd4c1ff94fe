import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { IdentityProvider, LinkedIdentity } from '@vitae/core';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PasswordField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useIdentities, useLinkIntent, useUnlink } from './identities-api.ts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

/**
 * Settings → Sign-in providers: the provider accounts (Google, a company's) linked to this
 * one, linking another after the password, and unlinking while another way in remains.
 * Hidden when the server has no provider configured and none is linked.
 */
export function IdentitiesCard() {
  const identities = useIdentities();
  const [params] = useSearchParams();
  const linkedNow = params.get('linked');

  if (
    identities.isSuccess &&
    identities.data.providers.length === 0 &&
    identities.data.identities.length === 0
  ) {
    return null;
  }
  const nameOf = (id: string) => identities.data?.providers.find((p) => p.id === id)?.name ?? id;

  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby="identities-title">
      <div>
        <h2 id="identities-title" className="text-lg font-semibold text-slate-900">
          Sign-in providers
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sign in with an account you already have, such as Google or your company’s sign-in,
          instead of your password.
        </p>
      </div>
      {linkedNow && identities.isSuccess && (
        <Banner tone="success">{nameOf(linkedNow)} is linked. You can now sign in with it.</Banner>
      )}
      {identities.isPending ? (
        <Spinner />
      ) : identities.isError ? (
        <Banner tone="error">
          {errorMessage(identities.error, 'Could not load your sign-in providers.')}
        </Banner>
      ) : (
        <>
          <LinkedList items={identities.data.identities} />
          {!identities.data.hasPassword && (
            <p className="text-sm text-slate-600">
              Your account has no password yet: you sign in with{' '}
              {identities.data.identities.length > 1 ? 'these providers' : 'this provider'}. You can
              set one with “Forgot password” on the sign-in page.
            </p>
          )}
          <LinkMore
            providers={identities.data.providers.filter(
              (p) => !identities.data.identities.some((i) => i.provider === p.id),
            )}
            hasPassword={identities.data.hasPassword}
          />
        </>
      )}
    </Card>
  );
}

function LinkedList({ items }: { items: LinkedIdentity[] }) {
  const unlink = useUnlink();
  if (items.length === 0) {
    return <p className="text-sm text-slate-700">No provider is linked to your account yet.</p>;
  }
  return (
    <div className="space-y-3">
      {unlink.isError && (
        <Banner tone="error">{errorMessage(unlink.error, 'Could not unlink it.')}</Banner>
      )}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{item.providerName}</p>
              {item.email && (
                <p className="truncate text-sm text-slate-600" title={item.email}>
                  {item.email}
                </p>
              )}
              <p className="text-xs text-slate-500">Linked {formatDate(item.createdAt)}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              loading={unlink.isPending && unlink.variables === item.id}
              onClick={() => unlink.mutate(item.id)}
              aria-label={`Unlink ${item.providerName}`}
            >
              Unlink
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LinkMore({
  providers,
  hasPassword,
}: {
  providers: IdentityProvider[];
  hasPassword: boolean;
}) {
  const intent = useLinkIntent();
  const [provider, setProvider] = useState<IdentityProvider | null>(null);
  const [password, setPassword] = useState('');
  if (providers.length === 0) return null;
  if (!hasPassword) {
    return (
      <p className="text-sm text-slate-600">
        To link another provider, first set a password with “Forgot password” on the sign-in page.
      </p>
    );
  }

  const fieldError =
    intent.error instanceof ApiError ? intent.error.fieldErrors.password : undefined;
  const generalError =
    intent.isError && !fieldError ? errorMessage(intent.error, 'Could not start linking.') : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!provider) return;
    intent.mutate(
      { provider: provider.id, password },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  };

  if (!provider) {
    return (
      <div className="flex flex-wrap gap-2">
        {providers.map((p) => (
          <Button key={p.id} variant="secondary" onClick={() => setProvider(p)}>
            Link {p.name}
          </Button>
        ))}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm text-slate-700">
        Enter your password to link <strong>{provider.name}</strong>. You will sign in there, then
        come back here.
      </p>
      {generalError && <Banner tone="error">{generalError}</Banner>}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!password} loading={intent.isPending || intent.isSuccess}>
          Continue to {provider.name}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setProvider(null);
            setPassword('');
            intent.reset();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
