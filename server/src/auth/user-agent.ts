import Bowser from 'bowser';
import type { DeviceKind } from '@vitae/core';

/** What Settings → Your sessions and the new-sign-in email say about a browser. */
export interface AgentInfo {
  deviceKind: DeviceKind;
  /** "Chrome 131"; null when unknown. */
  browser: string | null;
  /** "Windows 10", "iOS 18.1"; null when unknown. */
  os: string | null;
}

const KINDS: Record<string, DeviceKind> = { desktop: 'desktop', mobile: 'phone', tablet: 'tablet' };

/** A User-Agent read with bowser (decision 0022); an unknown or missing one says so. */
export function describeAgent(userAgent: string | null | undefined): AgentInfo {
  if (!userAgent) return { deviceKind: 'other', browser: null, os: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  return {
    deviceKind: KINDS[platform.type ?? ''] ?? 'other',
    browser: browser.name ? (major ? `${browser.name} ${major}` : browser.name) : null,
    os: os.name ? (osVersion ? `${os.name} ${osVersion}` : os.name) : null,
  };
}

/** "Chrome 131 on Windows 10", "an unknown browser": for a sentence. */
export function agentPhrase(info: AgentInfo): string {
  if (info.browser && info.os) return `${info.browser} on ${info.os}`;
  return info.browser ?? (info.os ? `a browser on ${info.os}` : 'an unknown browser');
}
