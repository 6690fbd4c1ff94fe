import type { DeviceKind } from '@vitae/core';

const BOT = /bot|crawl|spider|slurp|curl|wget|python|headless|preview/i;
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|Android(?!.*Mobi)/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|Android.*Mobi/i;
const DESKTOP = /Windows NT|Macintosh|Mac OS X|X11|Linux x86_64|CrOS/i;

/**
 * The kind of device a User-Agent names, by pattern alone (no third-party lookup). Tablets
 * are tested before phones (Android tablets lack "Mobile"); iPadOS that poses as a Mac counts
 * as a desktop, and robots and unknown agents as 'other'.
 */
export function deviceKind(userAgent: string | undefined): DeviceKind {
  if (!userAgent || BOT.test(userAgent)) return 'other';
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  if (DESKTOP.test(userAgent)) return 'desktop';
  return 'other';
}
