import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@vitae/core/auth-messages';
import { resetAuthState } from '../../lib/auth-store.ts';
import ResetPasswordPage from './reset-password-page.tsx';
import { renderAt, stubFetch } from '../../test/kit.tsx';

beforeEach(() => resetAuthState({ sessionChecked: true }));
afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordPage', () => {
  it('checks the new password on the page, then resets with the link token', async () => {
    const fetchMock = stubFetch((url) =>
      url.includes('/auth/user/reset/')
        ? { status: 200, body: { valid: true } }
        : { status: 200, body: { success: true, message: AUTH_MESSAGES.resetDone } },
    );
    const user = userEvent.setup();
    renderAt(<ResetPasswordPage />, '/reset-password/tok123', '/reset-password/:token');
    const password = await screen.findByLabelText('New password', { selector: 'input' });
    await user.type(password, 'abc');
    await user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'abd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/auth/user/reset'))).toBe(false);

    await user.clear(password);
    await user.type(password, 'secret123');
    await user.clear(screen.getByLabelText('Confirm new password', { selector: 'input' }));
    await user.type(
      screen.getByLabelText('Confirm new password', { selector: 'input' }),
      'secret123',
    );
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/auth/user/reset'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([u]) => u.endsWith('/auth/user/reset'));
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      token: 'tok123',
      password: 'secret123',
      password2: 'secret123',
    });
  });
});
