import { useEffect, useState } from 'react';
import type { PublicCvListUpdatedEvent, PublicCvViewedEvent } from '@vitae/core/events';
import {
  PUBLIC_CV_LIST_BANNER_MS,
  PUBLIC_CV_VIEWED_BANNER_MS,
} from '@vitae/core/realtime-settings';
import { Banner } from '../../components/ui/banner.tsx';
import { useSocketEvent } from '../../lib/socket.ts';

/*
 * The live banners of docs/product/public-listing-and-hr.md#live-banners. The data they describe is
 * refetched by the live invalidation (query keys starting with ['public-cv']); these only say why.
 */

/** A message that disappears `ms` after the last one was shown. */
function useTimedMessage(ms: number): [string | null, (m: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const [shownAt, setShownAt] = useState(0);
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(t);
  }, [message, shownAt, ms]);
  return [
    message,
    (m) => {
      setMessage(m);
      setShownAt(Date.now());
    },
  ];
}

export const publicCvViewedMessage = (e: PublicCvViewedEvent): string =>
  `${e.hrUserName || 'An HR user'} just viewed your CV!`;

export const publicCvListMessage = (e: PublicCvListUpdatedEvent): string =>
  e.action === 'added' ? `${e.fullName} just listed their CV!` : `${e.fullName}'s CV was unlisted`;

/** User dashboard: an HR user viewed the public CV (5 s). */
export function PublicCvViewedBanner({ onEvent }: { onEvent?: (e: PublicCvViewedEvent) => void }) {
  const [message, show] = useTimedMessage(PUBLIC_CV_VIEWED_BANNER_MS);
  useSocketEvent('public-cv-viewed', (e) => {
    show(publicCvViewedMessage(e));
    onEvent?.(e);
  });
  return message ? <Banner tone="info">{message}</Banner> : null;
}

/** HR browse: a CV was listed or unlisted (3 s). */
export function PublicCvListBanner({
  onEvent,
}: {
  onEvent?: (e: PublicCvListUpdatedEvent) => void;
}) {
  const [message, show] = useTimedMessage(PUBLIC_CV_LIST_BANNER_MS);
  useSocketEvent('public-cv-list-updated', (e) => {
    show(publicCvListMessage(e));
    onEvent?.(e);
  });
  return message ? <Banner tone="info">{message}</Banner> : null;
}
