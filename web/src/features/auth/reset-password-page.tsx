import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES } from '@vitae/core/auth-messages';
import { RESET_REDIRECT_MS } from '@vitae/core/constants';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/field.tsx';
import { PageLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { resetPassword, validateResetToken } from './api.ts';
import { AuthLayout, authLink } from './auth-layout.tsx';
import type { ResetValues } from './form-types.ts';
import { resetResolver } from './lazy-resolvers.ts';

const MESSAGES = {
  missing: 'Invalid reset link. Please request a new password reset.',
  unreachable: 'Unable to validate reset link. Please try again.',
  failed: 'Failed to reset password. Please try again or request a new reset link.',
};

type Phase = 'validating' | 'form' | 'invalid' | 'done';

function ResetForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLightForm<ResetValues>({
    resolver: resetResolver.resolver,
    defaultValues: { password: '', password2: '' },
  });
  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      onDone(await resetPassword({ ...values, token }));
    } catch (e) {
      const invalid = e instanceof ApiError && e.message === AUTH_MESSAGES.resetInvalid;
      setFailure(invalid ? AUTH_MESSAGES.resetInvalid : MESSAGES.failed);
    }
  };
  return (
    <form
      noValidate
      onFocus={resetResolver.preload}
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-5"
    >
      {failure && <Banner tone="error">{failure}</Banner>}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.password2?.message}
        {...register('password2')}
      />
      <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
        {isSubmitting ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(token ? 'validating' : 'invalid');
  const [message, setMessage] = useState<string>(token ? '' : MESSAGES.missing);

  useEffect(() => {
    if (!token) return;
    let live = true;
    validateResetToken(token)
      .then(() => live && setPhase('form'))
      .catch((e: unknown) => {
        if (!live) return;
        setPhase('invalid');
        setMessage(
          e instanceof ApiError && e.status === 400
            ? AUTH_MESSAGES.resetInvalid
            : MESSAGES.unreachable,
        );
      });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (phase !== 'done') return;
    const t = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [phase, navigate]);

  if (phase === 'validating') {
    return (
      <AuthLayout title="Reset your password">
        <PageLoader message="Validating reset link..." />
      </AuthLayout>
    );
  }
  if (phase === 'invalid') {
    return (
      <AuthLayout title="Reset link problem">
        <Banner tone="error">{message}</Banner>
        <ButtonLink to="/forgot-password" fullWidth size="lg" className="mt-6">
          Request a new reset link
        </ButtonLink>
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className={authLink}>
            Back to Sign In
          </Link>
        </p>
      </AuthLayout>
    );
  }
  if (phase === 'done') {
    return (
      <AuthLayout title="Password reset">
        <Banner tone="success">{message}</Banner>
        <p className="mt-4 text-sm text-slate-600">Taking you to sign in...</p>
        <ButtonLink to="/login" fullWidth size="lg" className="mt-6">
          Sign In
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password" subtitle="Enter and confirm your new password.">
      <ResetForm
        token={token}
        onDone={(m) => {
          setMessage(m);
          setPhase('done');
        }}
      />
    </AuthLayout>
  );
}
