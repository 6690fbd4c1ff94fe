import { useState } from 'react';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { resendVerification } from './api.ts';
import type { EmailValues } from './form-types.ts';
import { resendResolver } from './lazy-resolvers.ts';

const FAILED = 'Failed to send verification email. Please try again.';

type Result = { tone: 'success' | 'error'; text: string } | null;

/** Sends the verification email again for `email`; used by the notVerified banner. */
export function useResendVerification() {
  const [result, setResult] = useState<Result>(null);
  const [sending, setSending] = useState(false);
  const send = async (email: string) => {
    setSending(true);
    setResult(null);
    try {
      setResult({ tone: 'success', text: await resendVerification(email) });
    } catch (e) {
      setResult({ tone: 'error', text: errorMessage(e, FAILED) });
    } finally {
      setSending(false);
    }
  };
  return { result, sending, send };
}

/** The ?action=resend-verification form of the login page. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { result, sending, send } = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useLightForm<EmailValues>({
    resolver: resendResolver.resolver,
    defaultValues: { email: defaultEmail },
  });
  return (
    <form
      noValidate
      onFocus={resendResolver.preload}
      onSubmit={handleSubmit((v) => send(v.email))}
      className="space-y-5"
    >
      {result && <Banner tone={result.tone}>{result.text}</Banner>}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" fullWidth size="lg" loading={sending}>
        Resend Verification Email
      </Button>
    </form>
  );
}
