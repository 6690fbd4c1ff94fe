import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { PasswordField, TextField } from '../../components/ui/field.tsx';
import { FullScreenLoader } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { auth, useAuth } from '../../lib/auth-store.ts';
import { useLightForm } from '../../lib/use-light-form.ts';
import { ProviderButtons } from './provider-buttons.tsx';
import { AuthLayout, authLink } from './auth-layout.tsx';
import type { SignupValues } from './form-types.ts';
import { signupResolver } from './lazy-resolvers.ts';

const FIELDS = ['fullName', 'email', 'password', 'password2'] as const;

function SignupSuccess({ message }: { message: string }) {
  return (
    <AuthLayout title="Check your inbox">
      <Banner tone="success">{message}</Banner>
      <p className="mt-4 text-sm text-slate-600">
        Open the link in the email we just sent you to verify your address, then sign in.
      </p>
      <ButtonLink to="/login" fullWidth size="lg" className="mt-6">
        Go to Sign In
      </ButtonLink>
    </AuthLayout>
  );
}

export default function SignupPage() {
  const [params] = useSearchParams();
  const { user, HRIntent } = useAuth();
  const [done, setDone] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useLightForm<SignupValues>({
    resolver: signupResolver.resolver,
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      password2: '',
      affiliatceIntroCode: params.get('ref') ?? '',
    },
  });
  const filled = watch([...FIELDS]).every((v) => v.length > 0);

  if (done) return <SignupSuccess message={done} />;
  if (user) return <Navigate to="/app/dashboard" replace />;

  const onSubmit = async (values: SignupValues) => {
    setGeneral(null);
    try {
      setDone(await auth.register(values));
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setGeneral('Registration failed. Please try again.');
        return;
      }
      let placed = false;
      for (const f of FIELDS) {
        const msg = e.fieldErrors[f];
        if (msg) {
          setError(f, { message: msg });
          placed = true;
        }
      }
      if (!placed) setGeneral(e.fieldErrors.general ?? e.message);
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        HRIntent
          ? 'Create an account to get your HR dashboard.'
          : 'Build a CV that gets you hired. It only takes a minute to start.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={authLink}>
            Sign in
          </Link>
        </>
      }
    >
      <ProviderButtons verb="Sign up" />
      <form
        noValidate
        onFocus={signupResolver.preload}
        onSubmit={handleSubmit(onSubmit)}
        className="space-y-5"
      >
        {general && <Banner tone="error">{general}</Banner>}
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.password2?.message}
          {...register('password2')}
        />
        <TextField
          label="Affiliate code (optional)"
          autoComplete="off"
          error={errors.affiliatceIntroCode?.message}
          {...register('affiliatceIntroCode')}
        />
        <Button type="submit" fullWidth size="lg" disabled={!filled || isSubmitting}>
          Create Account
        </Button>
      </form>
      {isSubmitting && <FullScreenLoader message="Creating your account..." />}
    </AuthLayout>
  );
}
