import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Notification, NotificationsPage } from '@vitae/core';
import { dateTimeLabel } from '../../lib/dates.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { dispatchSocketEvent } from '../../lib/socket.ts';
import { NotificationBell } from './notification-bell.tsx';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const note = (id: string, title: string, isRead: boolean, createdAt: string): Notification => ({
  _id: id.padStart(24, '0'),
  type: 'cv-viewed',
  title,
  message: `${title} message`,
  recipientEmail: null,
  shareCVId: null,
  createdAt,
  isRead,
  occurredAt: null,
  contactRequestId: null,
});

let calls: { method: string; url: string }[];
let failWrites: boolean;

beforeEach(() => {
  calls = [];
  failWrites = false;
  const page: NotificationsPage = {
    data: [
      note('1', 'CV Viewed', false, minutesAgo(0)),
      note('2', 'CV Shared', false, minutesAgo(5)),
      note('3', 'Old news', true, '2024-01-15T10:00:00.000Z'),
    ],
    unreadCount: 2,
    hasMore: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'GET') return new Response(JSON.stringify(page), { status: 200 });
      if (failWrites) return new Response(JSON.stringify({ error: 'boom' }), { status: 500 });
      return new Response(JSON.stringify({ success: true, unreadCount: 0 }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderBell() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <NotificationBell />
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('NotificationBell', () => {
  it('shows the unread count and lists notifications with time labels', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
    await userEvent.click(bell());
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('Just now')).toBeInTheDocument();
    expect(within(dialog).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(dialog).getByText('15 Jan 2024')).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'GET', url: '/api/notifications?limit=10' });
  });

  it('applies read, remove, mark all read and clear all locally even when the server fails', async () => {
    failWrites = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(bell());

    await userEvent.click(screen.getByRole('button', { name: 'Mark "CV Viewed" as read' }));
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    await userEvent.click(screen.getByRole('button', { name: 'Remove "Old news"' }));
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();

    expect(calls.slice(1)).toEqual([
      { method: 'PUT', url: `/api/notifications/${'1'.padStart(24, '0')}/read` },
      { method: 'DELETE', url: `/api/notifications/${'3'.padStart(24, '0')}` },
      { method: 'PUT', url: '/api/notifications/read-all' },
      { method: 'DELETE', url: '/api/notifications' },
    ]);
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(4));
    warn.mockRestore();
  });

  it("shows the time a notification tells of in the reader's zone", async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    act(() =>
      dispatchSocketEvent('notification', {
        ...note('9', 'Your CV was viewed', false, minutesAgo(0)),
        message: 'Rita (rita@acme.example) viewed your CV.',
        occurredAt: '2026-11-21T23:40:00.000Z',
      }),
    );
    await userEvent.click(bell());
    const item = (await screen.findAllByTestId('notification-item'))[0]!;
    const at = within(item).getByText(dateTimeLabel('2026-11-21T23:40:00.000Z'));
    expect(at).toHaveAttribute('datetime', '2026-11-21T23:40:00.000Z');
  });

  it('approves a contact request from its notification', async () => {
    const requestId = 'c'.repeat(24);
    let status: 'pending' | 'approved' = 'pending';
    const request = () => ({
      _id: requestId,
      hrUserName: 'Rita Recruiter',
      status,
      requestedAt: '2026-11-21T23:40:00.000Z',
      decidedAt: status === 'pending' ? null : '2026-11-22T08:00:00.000Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url });
        if (url === '/api/public-cv/contact-requests') {
          return new Response(JSON.stringify({ data: [request()] }), { status: 200 });
        }
        if (url === `/api/public-cv/contact-requests/${requestId}/approve` && method === 'POST') {
          status = 'approved';
          return new Response(JSON.stringify(request()), { status: 200 });
        }
        const page: NotificationsPage = {
          data: [
            {
              ...note('7', 'Contact details requested', false, minutesAgo(1)),
              type: 'contact-requested',
              message: 'Rita Recruiter asks to see your email, phone number and street address.',
              contactRequestId: requestId,
            },
          ],
          unreadCount: 1,
          hasMore: false,
        };
        return new Response(JSON.stringify(page), { status: 200 });
      }),
    );
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    await userEvent.click(bell());
    const approve = await screen.findByRole('button', { name: "Approve Rita Recruiter's request" });
    expect(
      screen.getByRole('button', { name: "Decline Rita Recruiter's request" }),
    ).toBeInTheDocument();
    await userEvent.click(approve);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: "Revoke Rita Recruiter's access" }),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      url: `/api/public-cv/contact-requests/${requestId}/approve`,
    });
  });

  it('puts a live notification on top and counts it', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    act(() => dispatchSocketEvent('notification', note('9', 'Live one', false, minutesAgo(0))));
    // TanStack Query notifies observers on the next tick.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    await userEvent.click(bell());
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Live one');
  });

  it('is keyboard usable: opens, takes focus, and Escape closes back to the bell', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    bell().focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });
});
