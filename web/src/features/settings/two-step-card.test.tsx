import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/kit.tsx';
import { TwoStepCard } from './two-step-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from(
  { length: 10 },
  (_, i) => `AAAA-BBBB-CCCC-DD${String(i).padStart(2, '2')}`,
);

describe('TwoStepCard', () => {
  it('sets up with the QR code and a code, then shows the recovery codes once', async () => {
    let on = false;
    const wrong = 'That code is not right.';
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/two-step') && !init?.method?.match(/POST/)) {
        return {
          status: 200,
          body: on
            ? { enabled: true, enabledAt: '2026-11-28T10:00:00.000Z', recoveryCodesLeft: 10 }
            : { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
        };
      }
      if (url.endsWith('/two-step/setup')) {
        return {
          status: 200,
          body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://x', qrSvg: '<svg/>' },
        };
      }
      if (url.endsWith('/two-step/enable')) {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        if (code !== '123456') {
          return { status: 400, body: { error: wrong, fieldErrors: { code: wrong } } };
        }
        on = true;
        return {
          status: 200,
          body: {
            status: { enabled: true, enabledAt: '2026-11-28T10:00:00.000Z', recoveryCodesLeft: 10 },
            recoveryCodes: CODES,
          },
        };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderWithProviders(<TwoStepCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));

    expect(await screen.findByAltText('QR code to scan with your authenticator app')).toBeVisible();
    expect(screen.getByTestId('two-step-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    expect(turnOn).toBeDisabled();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(turnOn);
    expect(await screen.findByText(wrong)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u.endsWith('/two-step/enable'))).toHaveLength(2);
  });

  it('turns off with the password and a recovery code', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/two-step/disable')
        ? { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }
        : {
            status: 200,
            body: { enabled: true, enabledAt: '2026-11-28T10:00:00.000Z', recoveryCodesLeft: 1 },
          },
    );
    const user = userEvent.setup();
    renderWithProviders(<TwoStepCard />);
    expect(await screen.findByText(/1 recovery code left/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'AAAA-BBBB-CCCC-DDDD');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([u]) => u.endsWith('/two-step/disable'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      password: 'secret123',
      recoveryCode: 'AAAA-BBBB-CCCC-DDDD',
    });
  });
});
