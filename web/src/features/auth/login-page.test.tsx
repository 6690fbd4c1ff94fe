import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthState } from '../../lib/auth-store.ts';
import LoginPage, { ACCOUNT_DELETED_NOTICE } from './login-page.tsx';
import { renderAt, stubFetch } from '../../test/kit.tsx';

vi.mock('../../lib/webauthn.ts', () => ({
  signWithPasskey: vi.fn(async () => ({ id: 'cred', type: 'public-key' })),
}));

beforeEach(() => resetAuthState({ sessionChecked: true }));
afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('keeps Sign In disabled until both email and password are filled', async () => {
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'pw');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('Email address'));
    expect(submit).toBeDisabled();
  });

  it('says the account was deleted when Settings sends the user here', () => {
    renderAt(<LoginPage />, '/login?deleted=1');
    expect(screen.getByText(ACCOUNT_DELETED_NOTICE)).toBeInTheDocument();
  });

  it('shows/hides the password', async () => {
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('offers to resend the verification email when the account is not verified', async () => {
    const notVerified = 'Please verify your email address before signing in.';
    const fetchMock = stubFetch((url) =>
      url.endsWith('/login-web')
        ? { status: 403, body: { error: notVerified, fieldErrors: { notVerified } } }
        : {
            status: 200,
            body: { success: true, message: 'Verification email sent! Please check your inbox.' },
          },
    );
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email address'), 'new@example.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(notVerified)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    const resend = fetchMock.mock.calls.find(([u]) => u.endsWith('/resend-verification-email'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'new@example.test' });
    // A 403 from the login form is an answer, not an expired session: still on /login.
    expect(screen.getByRole('heading', { name: 'Sign in to Vitae' })).toBeInTheDocument();
  });

  it('shows the server message for wrong credentials', async () => {
    stubFetch(() => ({
      status: 401,
      body: {
        error: 'Invalid email or password.',
        fieldErrors: { general: 'Invalid email or password.' },
      },
    }));
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('goes to from after sign-in, and HR users without from go to the HR dashboard', async () => {
    const hrUser = {
      _id: 'u1',
      fullName: 'H R',
      email: 'h@r.co',
      isHR: true,
      isVerified: true,
      affiliateCode: 'x',
      createdAt: '',
    };
    stubFetch((url) =>
      url.endsWith('/login-web')
        ? { status: 200, body: { success: true, user: hrUser } }
        : { status: 201, body: {} },
    );
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email address'), 'h@r.co');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/app/hr-dashboard'),
    );
  });

  it('asks for the emailed code when the account is locked, and sends it with the password', async () => {
    const codeRequired = 'If the password is right, we have emailed a 6-digit code.';
    const codeWrong = 'That code is wrong or has expired.';
    const fetchMock = stubFetch((url, init) => {
      if (!url.endsWith('/login-web')) return { status: 201, body: {} };
      const { code } = JSON.parse(String(init?.body)) as { code?: string };
      if (code === undefined) {
        return {
          status: 429,
          body: { error: 'Too many attempts.', fieldErrors: { codeRequired } },
        };
      }
      if (code !== '123456')
        return { status: 400, body: { error: codeWrong, fieldErrors: { code: codeWrong } } };
      return {
        status: 200,
        body: {
          success: true,
          user: {
            _id: 'u1',
            fullName: 'Ada',
            email: 'a@b.co',
            isHR: false,
            isVerified: true,
            affiliateCode: 'X',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
      };
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the email'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(codeWrong)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the email'));
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard'));
    const sent = fetchMock.mock.calls
      .filter(([u]) => u.endsWith('/login-web'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(sent.map((b) => b.code)).toEqual([undefined, '654321', '123456']);
    expect(sent[2]).toMatchObject({ email: 'a@b.co', password: 'secret-pass' });
  });

  it('asks for the authenticator code after the password, or a recovery code instead', async () => {
    const codeWrong = 'That code is not right.';
    const ada = {
      _id: 'u1',
      fullName: 'Ada',
      email: 'a@b.co',
      isHR: false,
      isVerified: true,
      affiliateCode: 'X',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/login-web')) {
        const body = { success: false, twoStepRequired: true, twoStepToken: 'tok', message: 'x' };
        return { status: 200, body };
      }
      if (!url.endsWith('/login-two-step')) return { status: 201, body: {} };
      const sent = JSON.parse(String(init?.body)) as { code?: string; recoveryCode?: string };
      if (sent.recoveryCode === 'ABCD-EFGH-JKLM-NPQR' || sent.code === '123456') {
        return { status: 200, body: { success: true, user: ada } };
      }
      return { status: 400, body: { error: codeWrong, fieldErrors: { code: codeWrong } } };
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(verify);
    expect(await screen.findByText(codeWrong)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard'));
    const steps = fetchMock.mock.calls
      .filter(([u]) => u.endsWith('/login-two-step'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(steps).toEqual([
      { token: 'tok', code: '000000' },
      { token: 'tok', recoveryCode: 'ABCD-EFGH-JKLM-NPQR' },
    ]);
  });

  it('asks a locked browser for the app’s code with the password when two-step is on', async () => {
    const asked = 'Too many attempts. To sign in from this browser, enter your password together.';
    const fetchMock = stubFetch((url, init) => {
      if (!url.endsWith('/login-web')) return { status: 201, body: {} };
      const { code } = JSON.parse(String(init?.body)) as { code?: string };
      if (code === undefined) {
        const fieldErrors = { codeRequired: asked, twoStepRequired: asked };
        return { status: 429, body: { error: 'Too many attempts.', fieldErrors } };
      }
      return { status: 400, body: { error: 'Wrong', fieldErrors: { code: 'Wrong code' } } };
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(asked)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent.at(-1)).toMatchObject({ code: 'ABCD-EFGH-JKLM-NPQR' });
  });

  it('signs in with a passkey when the browser has them, and says why one was refused', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const unknown = 'This passkey is not registered with Vitae.';
    let refuse = true;
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/passkeys/sign-in-options')) {
        return { status: 200, body: { options: { challenge: 'abc' } } };
      }
      if (url.endsWith('/login-passkey')) {
        return refuse
          ? { status: 400, body: { error: unknown, fieldErrors: { general: unknown } } }
          : {
              status: 200,
              body: { success: true, user: { _id: 'u1', email: 'a@b.co', isHR: false } },
            };
      }
      return { status: 200, body: {} };
    });
    const user = userEvent.setup();
    renderAt(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(unknown)).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u.endsWith('/login-passkey'))).toHaveLength(2),
    );
    const body = JSON.parse(
      String(fetchMock.mock.calls.filter(([u]) => u.endsWith('/login-passkey'))[1]![1]?.body),
    );
    expect(body.response).toEqual({ id: 'cred', type: 'public-key' });
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/login-web'))).toBe(false);
  });

  it('shows no passkey button where the browser has no passkeys', () => {
    renderAt(<LoginPage />, '/login');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
