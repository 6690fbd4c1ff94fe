import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { PasswordCard } from './password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const session = (over: Record<string, unknown>) => ({
  id: '0123456789abcdef01234567',
  current: false,
  deviceKind: 'desktop',
  browser: 'Chrome 131',
  os: 'Windows 10',
  place: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  lastActiveAt: '2026-11-28T09:30:00.000Z',
  ...over,
});

describe('SessionsCard', () => {
  it('marks this device, and signs out another session', async () => {
    let list = [
      session({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', current: true }),
      session({
        id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        deviceKind: 'phone',
        browser: 'Safari 18',
        os: 'iOS 18.1',
      }),
    ];
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/auth/user/sessions') && !init?.method?.match(/POST|DELETE/)) {
        return { status: 200, body: { sessions: list } };
      }
      if (init?.method === 'DELETE' && url.endsWith('/sessions/bbbbbbbbbbbbbbbbbbbbbbbb')) {
        list = list.filter((s) => s.current);
        return { status: 200, body: { success: true, message: 'Session signed out.' } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionsCard />);
    const items = within(await screen.findByRole('list', { name: 'Signed-in sessions' }));
    expect(await items.findAllByRole('listitem')).toHaveLength(2);
    expect(items.getAllByRole('listitem')[0]).toHaveTextContent('This device');
    expect(items.getByText(/Phone · Safari 18 on iOS 18.1/)).toBeVisible();
    // The current session has no button of its own: that is Sign out in the menu.
    expect(items.getAllByRole('button')).toHaveLength(1);
    await user.click(items.getByRole('button', { name: /Sign out Phone/ }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('PasswordCard', () => {
  it('shows the server’s message by the field it names', async () => {
    const wrong = 'Your current password is not right.';
    stubFetch(() => ({
      status: 400,
      body: { error: wrong, fieldErrors: { currentPassword: wrong } },
    }));
    const user = userEvent.setup();
    renderWithProviders(<PasswordCard />);
    await user.type(screen.getByLabelText('Current password'), 'nope');
    await user.type(screen.getByLabelText('New password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(wrong)).toBeVisible();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(wrong);
  });
});
