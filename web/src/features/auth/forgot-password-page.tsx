import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { requestPasswordReset } from './api.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { AuthLayout, authLink } from './auth-layout.tsx';
import type { EmailValues } from './form-types.ts';
import { forgotResolver } from './lazy-resolvers.ts';

const FAILED = 'Failed to send password reset email. Invalid email address. Please try again.';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useLightForm<EmailValues>({
    resolver: forgotResolver.resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: EmailValues) => {
    try {
      setSent(await requestPasswordReset(email));
    } catch (e) {
      // A rate limit has its own message; anything else reads as
      // docs/product/auth.md#forgot-password.
      const msg = e instanceof ApiError && e.status === 429 ? e.message : FAILED;
      setError('email', { message: msg });
    }
  };

  const backToSignIn = (
    <Link to="/login" className={authLink}>
      Back to Sign In
    </Link>
  );

  if (sent) {
    return (
      // One way back: the button (docs/product/auth.md#forgot-password names no other link).
      <AuthLayout title="Check your email">
        <Banner tone="success">{sent}</Banner>
        <p className="mt-4 text-sm text-slate-600">
          The link is valid for 1 hour. If it doesn&apos;t arrive in a few minutes, check your spam
          folder.
        </p>
        <ButtonLink to="/login" fullWidth size="lg" className="mt-6">
          Back to Sign In
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email address and we'll send you a link to reset your password."
      footer={backToSignIn}
    >
      <form
        noValidate
        onFocus={forgotResolver.preload}
        onSubmit={handleSubmit(onSubmit)}
        className="space-y-5"
      >
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
