import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { EmailSettingsCard } from './email-settings-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('EmailSettingsCard', () => {
  it('shows each optional email as a switch and saves a flip (issue 32)', async () => {
    let on = true;
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (!url.endsWith('/api/account/email-preferences')) return { status: 404, body: {} };
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { contactRequests: boolean };
        bodies.push(body);
        on = body.contactRequests;
      }
      return { status: 200, body: { preferences: { contactRequests: on } } };
    });
    const user = userEvent.setup();
    renderWithProviders(<EmailSettingsCard />);
    expect(screen.getByRole('heading', { name: 'Email me when…' })).toBeVisible();
    const toggle = await screen.findByRole('switch', {
      name: 'Email me when: An HR user asks for my contact details',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await screen.findByText('Email settings saved.')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(bodies).toEqual([{ contactRequests: false }]);
  });

  it('says so when the settings cannot be saved', async () => {
    stubFetch((_url, init) =>
      init?.method === 'PATCH'
        ? { status: 500, body: { error: 'Internal Server Error' } }
        : { status: 200, body: { preferences: { contactRequests: true } } },
    );
    const user = userEvent.setup();
    renderWithProviders(<EmailSettingsCard />);
    await user.click(await screen.findByRole('switch'));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });
});
