import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { User } from '@vitae/core';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../components/ui/field.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { auth, useAuth } from '../../lib/auth-store.ts';
import { safeFrom } from './api.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { AuthLayout, authLink } from './auth-layout.tsx';
import type { LoginValues } from './form-types.ts';
import { loginResolver } from './lazy-resolvers.ts';
import { ResendVerificationForm, useResendVerification } from './resend-verification.tsx';
import { TwoStepForm } from './two-step-form.tsx';
import { ProviderButtons } from './provider-buttons.tsx';

/** What the sign-in page says after the account was deleted (Settings sends the user there). */
export const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted.';

/** Whether this browser can use passkeys at all (the library itself loads on the click). */
const passkeysAvailable = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** After sign-in: `from` if present, else the HR dashboard for HR users, else the dashboard. */
export function afterLoginPath(user: User, from: string | null): string {
  return safeFrom(from) ?? (user.isHR ? '/app/hr-dashboard' : '/app/dashboard');
}

function ResendVerificationPage({ email }: { email: string }) {
  return (
    <AuthLayout
      title="Resend verification email"
      subtitle="Enter the email you signed up with and we'll send you a new verification link."
      footer={
        <Link to="/login" className={authLink}>
          Back to Sign In
        </Link>
      }
    >
      <ResendVerificationForm defaultEmail={email} />
    </AuthLayout>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const { user, HRIntent } = useAuth();
  const [failure, setFailure] = useState<{ text: string; notVerified: boolean } | null>(null);
  // Asked for when a new browser signs in while the account or address is locked: the emailed
  // code, or for an account with two-step sign-in the authenticator app's code.
  const [codeAsked, setCodeAsked] = useState<false | 'email' | 'app'>(false);
  const [code, setCode] = useState('');
  // A right password (or an identity provider's sign-in, which comes back with `?twoStep=`)
  // for an account with two-step sign-in: the code step's token.
  const [twoStep, setTwoStep] = useState<string | null>(() => params.get('twoStep'));
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useLightForm<LoginValues>({
    resolver: loginResolver.resolver,
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });
  const [email, password] = watch(['email', 'password']);

  if (params.get('action') === 'resend-verification') {
    return <ResendVerificationPage email={params.get('email') ?? ''} />;
  }
  if (user) return <Navigate to={afterLoginPath(user, params.get('from'))} replace />;

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    const typedCode = code.trim();
    try {
      const res = await auth.login(
        codeAsked && typedCode ? { ...values, code: typedCode } : values,
      );
      if ('twoStepToken' in res) setTwoStep(res.twoStepToken);
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : {};
      if (fields.codeRequired) setCodeAsked(fields.twoStepRequired ? 'app' : 'email');
      const text =
        fields.notVerified ??
        fields.codeRequired ??
        fields.code ??
        fields.recoveryCode ??
        fields.general ??
        (e instanceof ApiError ? e.message : '');
      setFailure({ text: text || 'Login failed', notVerified: !!fields.notVerified });
    }
  };

  /** A passkey signs in alone (it counts as both steps); its library loads on the click. */
  const signInWithPasskey = async () => {
    setFailure(null);
    setPasskeyBusy(true);
    try {
      await auth.loginPasskey();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : {};
      const text = fields.notVerified ?? (e instanceof Error ? e.message : '');
      setFailure({
        text: text || 'Could not sign in with a passkey',
        notVerified: !!fields.notVerified,
      });
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (twoStep) {
    return (
      <AuthLayout
        title="Two-step sign-in"
        subtitle="Enter the code from your authenticator app to finish signing in."
      >
        <TwoStepForm
          token={twoStep}
          onRestart={() => {
            setTwoStep(null);
            setFailure(null);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Vitae"
      subtitle={
        HRIntent
          ? 'Sign in to enable your HR dashboard.'
          : 'Welcome back. Sign in to continue building your CV.'
      }
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className={authLink}>
            Sign up
          </Link>
        </>
      }
    >
      <ProviderButtons verb="Sign in" />
      <form
        noValidate
        onFocus={loginResolver.preload}
        onSubmit={handleSubmit(onSubmit)}
        className="space-y-5"
      >
        {failure && (
          <Banner tone="error">
            <p>{failure.text}</p>
            {failure.notVerified && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                loading={resend.sending}
                onClick={() => void resend.send(getValues('email'))}
              >
                Resend verification email
              </Button>
            )}
          </Banner>
        )}
        {params.get('deleted') === '1' && !failure && (
          <Banner tone="success">{ACCOUNT_DELETED_NOTICE}</Banner>
        )}
        {resend.result && <Banner tone={resend.result.tone}>{resend.result.text}</Banner>}
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          aside={
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        {codeAsked === 'email' && (
          <TextField
            label="Code from the email"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint="Leave it empty and sign in again to get a new code."
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        {codeAsked === 'app' && (
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            maxLength={24}
            hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <Button type="submit" fullWidth size="lg" disabled={!email || !password || isSubmitting}>
          Sign In
        </Button>
      </form>
      {passkeysAvailable() && (
        <div className="mt-5">
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Button
            variant="secondary"
            fullWidth
            size="lg"
            className="mt-5"
            loading={passkeyBusy}
            disabled={isSubmitting}
            onClick={() => void signInWithPasskey()}
          >
            Sign in with a passkey
          </Button>
        </div>
      )}
      {isSubmitting && <FullScreenLoader message="Signing you in..." />}
    </AuthLayout>
  );
}
