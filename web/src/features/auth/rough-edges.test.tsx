import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, resetAuthState } from '../../lib/auth-store.ts';
import { setHRIntent, wasHrSignup } from '../../lib/hr-intent.ts';
import EmailVerifiedPage from './email-verified-page.tsx';
import ForgotPasswordPage from './forgot-password-page.tsx';
import { renderAt, stubFetch } from '../../test/kit.tsx';

beforeEach(() => resetAuthState({ sessionChecked: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('forgot password success', () => {
  it('offers one way back to sign in', async () => {
    stubFetch(() => ({
      status: 200,
      body: { success: true, message: 'Password reset email sent! Please check your inbox.' },
    }));
    const user = userEvent.setup();
    renderAt(<ForgotPasswordPage />, '/forgot-password');
    await user.type(screen.getByLabelText('Email address'), 'a@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Sign In/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Return to Sign In')).toBeNull();
  });
});

describe('email verified', () => {
  const verified = () =>
    stubFetch(() => ({
      status: 200,
      body: { success: true, message: 'Email Verified Successfully!' },
    }));

  it('tells a job seeker to build their CV', async () => {
    verified();
    renderAt(<EmailVerifiedPage />, '/email-verified/tok-seeker', '/email-verified/:id');
    expect(await screen.findByText(/start building your CV/)).toBeInTheDocument();
  });

  it('tells an HR user who signed up in this browser about the HR dashboard', async () => {
    stubFetch(() => ({ status: 200, body: { message: 'Registered. Check your email.' } }));
    setHRIntent(true);
    await auth.register({
      fullName: 'Rita Recruiter',
      email: 'rita@example.test',
      password: 'secret-pass-1',
      password2: 'secret-pass-1',
    });
    expect(wasHrSignup()).toBe(true);
    verified();
    renderAt(<EmailVerifiedPage />, '/email-verified/tok-hr', '/email-verified/:id');
    expect(await screen.findByText(/finding candidates on your HR dashboard/)).toBeInTheDocument();
    expect(screen.queryByText(/building your CV/)).toBeNull();
  });

  it('follows the server when it says the account is HR', async () => {
    stubFetch(() => ({
      status: 200,
      body: { success: true, message: 'Email Verified Successfully!', isHR: true },
    }));
    renderAt(<EmailVerifiedPage />, '/email-verified/tok-hr2', '/email-verified/:id');
    expect(await screen.findByText(/HR dashboard/)).toBeInTheDocument();
  });
});
