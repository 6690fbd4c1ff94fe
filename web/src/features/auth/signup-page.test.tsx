import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState } from '../../lib/auth-store.ts';
import SignupPage from './signup-page.tsx';
import { renderAt, stubFetch } from '../../test/kit.tsx';

beforeEach(() => resetAuthState({ sessionChecked: true }));
afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>, password2: string) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email address'), 'ada@example.test');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), password2);
}

describe('SignupPage', () => {
  it('prefills the affiliate code from ?ref=', () => {
    renderAt(<SignupPage />, '/signup?ref=FRIEND42');
    expect(screen.getByLabelText('Affiliate code (optional)')).toHaveValue('FRIEND42');
  });

  it('enables Create Account only when the four fields are filled', async () => {
    const user = userEvent.setup();
    renderAt(<SignupPage />, '/signup');
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'x');
    expect(submit).toBeEnabled();
  });

  it('says the passwords do not match and sends nothing', async () => {
    const fetchMock = stubFetch(() => ({ status: 201, body: { success: true, message: 'ok' } }));
    const user = userEvent.setup();
    renderAt(<SignupPage />, '/signup');
    await fill(user, 'other-pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    // Nothing sent but the sign-in providers' list the page asks for.
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContainEqual(
      expect.stringMatching(/\/register$/),
    );
  });

  it('registers with the affiliate code and shows the check-your-inbox message', async () => {
    const message = 'Account created! Please check your email to verify your account.';
    const fetchMock = stubFetch(() => ({ status: 201, body: { success: true, message } }));
    const user = userEvent.setup();
    renderAt(<SignupPage />, '/signup?ref=FRIEND42');
    await fill(user, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login');
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/register'));
    const body = JSON.parse(String(sent?.[1]?.body));
    expect(body).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.test',
      affiliatceIntroCode: 'FRIEND42',
    });
  });

  it('shows a duplicate email on the email field', async () => {
    const taken = 'An account with this email already exists.';
    stubFetch(() => ({ status: 409, body: { error: taken, fieldErrors: { email: taken } } }));
    const user = userEvent.setup();
    renderAt(<SignupPage />, '/signup');
    await fill(user, 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });
});
