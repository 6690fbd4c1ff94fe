import { CONTACT_INFO_MESSAGES, SECTIONS } from '@vitae/core/sections/index';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionScreen } from '../section-screen.tsx';
import { fakeSectionApi, renderWithProviders } from '../../../test/kit.tsx';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('contact information phone', () => {
  it('keeps a full international number, and says so when a number is too long', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="contact-info" />);
    const phone = await screen.findByLabelText(/^Phone number/);
    expect(phone).not.toHaveAttribute('maxLength');
    await user.type(phone, '+27 82 555 0142');
    expect(phone).toHaveValue('+27 82 555 0142');
    await user.type(screen.getByLabelText(/^Email/), 'thandi@example.test');

    await user.type(phone, ' ext 12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Phone number must be 20 characters or less'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+27 82 555 0142');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        phone: '+27 82 555 0142',
      }),
    );
  });
});

describe('contact information refuses what is not a phone or a web address', () => {
  it('says so on the field and sends nothing', async () => {
    const api = fakeSectionApi();
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="contact-info" />);
    await user.type(await screen.findByLabelText(/^Phone number/), 'abc-not-a-phone');
    await user.type(screen.getByLabelText(/^Email/), 'thandi@example.test');
    await user.type(screen.getByLabelText(/^LinkedIn/), 'javascript:alert(1)');
    await user.type(screen.getByLabelText(/^Website/), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CONTACT_INFO_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_INFO_MESSAGES.linkedinInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_INFO_MESSAGES.websiteInvalid)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('opens a record stored before the rules with its values and their messages', async () => {
    const stored = {
      _id: 'c1',
      lastUpdate: '2024-05-06T10:00:00Z',
      ...SECTIONS['contact-info'].sample[0],
      phone: 'abc-not-a-phone',
    };
    fakeSectionApi({ 'contact-info': [stored] });
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="contact-info" />);
    expect(await screen.findByText(CONTACT_INFO_MESSAGES.phoneInvalid)).toBeInTheDocument();
    const phone = screen.getByLabelText(/^Phone number/);
    expect(phone).toHaveValue('abc-not-a-phone');
    await user.clear(phone);
    await user.type(phone, '082 555 0147');
    expect(screen.queryByText(CONTACT_INFO_MESSAGES.phoneInvalid)).not.toBeInTheDocument();
  });
});
