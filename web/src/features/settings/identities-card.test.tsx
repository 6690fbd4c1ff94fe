import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { IdentitiesCard } from './identities-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'acme', name: 'Acme SSO' },
];
const LINKED = {
  id: 'a'.repeat(24),
  provider: 'google',
  providerName: 'Google',
  email: 'ada@gmail.example',
  createdAt: '2026-11-28T10:00:00.000Z',
};
const LAST_WAY =
  'This is your only way to sign in. Set a password (Forgot password) or link another provider first.';

describe('IdentitiesCard', () => {
  it('lists linked providers, offers the others, and says why an unlink is refused', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'DELETE') return { status: 409, body: { error: LAST_WAY } };
      return {
        status: 200,
        body: { identities: [LINKED], hasPassword: false, providers: PROVIDERS },
      };
    });
    const user = userEvent.setup();
    renderWithProviders(<IdentitiesCard />);
    expect(await screen.findByText('Google')).toBeInTheDocument();
    expect(screen.getByText(/ada@gmail\.example/)).toBeInTheDocument();
    expect(screen.getByText(/no password yet/)).toBeInTheDocument();
    // Without a password no link can start (the password is its check).
    expect(screen.queryByRole('button', { name: 'Link Acme SSO' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unlink Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_WAY);
    const unlink = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(unlink?.[0]).toMatch(new RegExp(`/auth/user/identities/${LINKED.id}$`));
  });

  it('links after the password, showing a wrong one on the field', async () => {
    const wrong = 'That password is not right.';
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/link-intent')) {
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        return password === 'right-one'
          ? { status: 200, body: { url: 'https://sso.acme.example/auth?state=x' } }
          : { status: 400, body: { error: wrong, fieldErrors: { password: wrong } } };
      }
      return { status: 200, body: { identities: [], hasPassword: true, providers: PROVIDERS } };
    });
    const user = userEvent.setup();
    renderWithProviders(<IdentitiesCard />);
    expect(await screen.findByText('No provider is linked to your account yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Link Acme SSO' }));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Continue to Acme SSO' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Continue to Acme SSO' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sso.acme.example/auth?state=x'),
    );
    const sent = fetchMock.mock.calls.filter(([u]) => u.endsWith('/link-intent'));
    expect(JSON.parse(String(sent.at(-1)?.[1]?.body))).toEqual({
      provider: 'acme',
      password: 'right-one',
    });
  });

  it('shows nothing when no provider is configured and none is linked', async () => {
    const fetchMock = stubFetch(() => ({
      status: 200,
      body: { identities: [], hasPassword: true, providers: [] },
    }));
    const { container } = renderWithProviders(<IdentitiesCard />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
