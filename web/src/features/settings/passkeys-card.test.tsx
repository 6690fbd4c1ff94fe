import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const laptop = {
  _id: 'a'.repeat(24),
  name: 'Work laptop',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

describe('PasskeysCard', () => {
  it('lists passkeys, renames one, and removes it after a confirmation', async () => {
    let passkeys = [laptop];
    const fetchMock = stubFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.endsWith('/auth/user/passkeys') && method === 'GET') {
        return { status: 200, body: { passkeys, max: 10 } };
      }
      if (url.endsWith(`/auth/user/passkeys/${laptop._id}`) && method === 'PATCH') {
        const { name } = JSON.parse(String(init?.body)) as { name: string };
        passkeys = [{ ...laptop, name }];
        return { status: 200, body: passkeys[0] };
      }
      if (url.endsWith(`/auth/user/passkeys/${laptop._id}`) && method === 'DELETE') {
        passkeys = [];
        return { status: 200, body: { passkeys, max: 10 } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderWithProviders(<PasskeysCard />);

    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeVisible();
    expect(within(list).getByText(/never used/)).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Rename Work laptop' }));
    const field = within(list).getByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Old laptop')).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Remove Old laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeVisible();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(laptop._id) && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('asks for a name and the password before the browser makes a passkey', async () => {
    const wrong = 'Incorrect password';
    stubFetch((url) => {
      if (url.endsWith('/auth/user/passkeys')) {
        return { status: 200, body: { passkeys: [], max: 10 } };
      }
      if (url.endsWith('/register-options')) {
        return { status: 400, body: { error: wrong, fieldErrors: { password: wrong } } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderWithProviders(<PasskeysCard />);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const create = screen.getByRole('button', { name: 'Create passkey' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'nope');
    await user.click(create);
    expect(await screen.findByText(wrong)).toBeVisible();
  });

  it('says when the account holds the most passkeys it may', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      ...laptop,
      _id: String(i).padStart(24, '0'),
      name: `Key ${i + 1}`,
    }));
    stubFetch(() => ({ status: 200, body: { passkeys: many, max: 10 } }));
    renderWithProviders(<PasskeysCard />);
    expect(await screen.findByText(/the most an account can have/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
