import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The component fresh, since it keeps the list for the page's life. */
const load = async () => (await import('./provider-buttons.tsx')).ProviderButtons;

describe('ProviderButtons', () => {
  it('links to each configured provider’s start, before the email form', async () => {
    stubFetch(() => ({
      status: 200,
      body: {
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'acme', name: 'Acme SSO' },
        ],
      },
    }));
    const ProviderButtons = await load();
    render(<ProviderButtons verb="Sign in" />);
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      '/auth/oidc/google/start',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Acme SSO' })).toHaveAttribute(
      'href',
      '/auth/oidc/acme/start',
    );
    expect(screen.getByText('or with your email')).toBeInTheDocument();
  });

  it('shows nothing when there is no provider or the list cannot be read', async () => {
    const fetchMock = stubFetch(() => ({ status: 500, body: { error: 'down' } }));
    const ProviderButtons = await load();
    const { container } = render(<ProviderButtons verb="Sign up" />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
