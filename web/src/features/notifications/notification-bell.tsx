import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes } from 'react';
import type { Notification } from '@vitae/core';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useRealtime } from '../../lib/socket.ts';
import { useNotifications } from './api.ts';
import { ContactRequestActions } from '../public-cv/index.ts';
import { localizeUtcTimes, localTime } from './local-times.ts';
import { timeLabel } from './time-label.ts';

const MINUTE = 60_000;

/** Re-renders every minute so "N minutes ago" stays true while the list is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/**
 * The notification centre (docs/product/notifications.md#bell): a bell with the unread count and a
 * popover list with read, mark all read, remove and clear all. Mounting it also
 * keeps the realtime channel open and live refetches on.
 */
export function NotificationBell() {
  useRealtime();
  const n = useNotifications();
  const [open, setOpen] = useState(false);
  const now = useNow(open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const unread = Math.max(0, n.unreadCount);
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <div ref={wrapRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-5"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>

      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          // On a phone the bell is not at the screen's edge: the panel takes the screen's width
          // under the header instead of hanging off the left side.
          className="fixed inset-x-2 top-16 z-40 rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-[22rem]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              Notifications
            </h2>
            <div className="flex gap-1">
              <PanelAction disabled={unread === 0} onClick={n.markAllRead}>
                Mark all read
              </PanelAction>
              <PanelAction disabled={n.notifications.length === 0} onClick={n.clearAll}>
                Clear all
              </PanelAction>
            </div>
          </div>
          <NotificationList n={n} now={now} />
        </div>
      )}
    </div>
  );
}

function PanelAction({
  children,
  ...rest
}: { children: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
      {...rest}
    >
      {children}
    </button>
  );
}

function NotificationList({ n, now }: { n: ReturnType<typeof useNotifications>; now: number }) {
  if (n.isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
        <Spinner size="sm" /> Loading notifications...
      </p>
    );
  }
  if (n.isError && n.notifications.length === 0) {
    return (
      <p role="alert" className="px-4 py-6 text-sm text-red-700">
        Failed to fetch notifications
      </p>
    );
  }
  if (n.notifications.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-slate-600">No notifications yet</p>;
  }
  return (
    <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
      {n.notifications.map((item) => (
        <NotificationItem
          key={item._id}
          item={item}
          now={now}
          onRead={() => n.markRead(item._id)}
          onRemove={() => n.remove(item._id)}
        />
      ))}
    </ul>
  );
}

function NotificationItem({
  item,
  now,
  onRead,
  onRemove,
}: {
  item: Notification;
  now: number;
  onRead: () => void;
  onRemove: () => void;
}) {
  return (
    <li
      data-testid="notification-item"
      className={cn('flex gap-3 px-4 py-3', !item.isRead && 'bg-brand-50/60')}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          item.isRead ? 'bg-transparent' : 'bg-brand-600',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words text-slate-900">
          {item.title}
          {!item.isRead && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">
          {/* Older notifications carry their time in the text, written in UTC. */}
          {localizeUtcTimes(item.message)}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          <time dateTime={item.createdAt}>{timeLabel(item.createdAt, now)}</time>
          {item.occurredAt && (
            <>
              {' · '}
              <time dateTime={item.occurredAt}>{localTime(item.occurredAt)}</time>
            </>
          )}
        </p>
        {item.type === 'contact-requested' && item.contactRequestId && (
          <ContactRequestActions requestId={item.contactRequestId} />
        )}
        <div className="mt-1 flex gap-1">
          {!item.isRead && (
            <PanelAction onClick={onRead} aria-label={`Mark "${item.title}" as read`}>
              Mark as read
            </PanelAction>
          )}
          <PanelAction onClick={onRemove} aria-label={`Remove "${item.title}"`}>
            Remove
          </PanelAction>
        </div>
      </div>
    </li>
  );
}
