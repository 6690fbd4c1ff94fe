import { formatDay } from '@vitae/core/dates';
import { escapeHtml, type Mail } from '../plugins/mailer.ts';

/** When the link stops working, as the recipient reads it. */
export const expiryLine = (expiresAt: string | null): string =>
  expiresAt ? `The link works until ${formatDay(expiresAt)}.` : 'The link does not expire.';

/**
 * One recipient's email: the sender's subject and message, the absolute link and the pin.
 * Plain text for every client, and simple inline-styled HTML with the pin prominent.
 */
export function shareEmail(opts: {
  to: string;
  subject: string;
  message: string;
  senderName: string;
  link: string;
  pin: string;
  /** The share's expiry (ISO), or null for a link that does not expire. */
  expiresAt: string | null;
}): Mail {
  const text = [
    opts.message,
    '',
    '---',
    `${opts.senderName || 'A candidate'} shared a CV with you.`,
    `Open it here: ${opts.link}`,
    `View pin: ${opts.pin}`,
    expiryLine(opts.expiresAt),
    '',
    'Enter the 6-digit view pin on the page to see the CV.',
  ].join('\n');
  const paragraphs = opts.message
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const link = escapeHtml(opts.link);
  const html =
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.subject)}</h1>${paragraphs}` +
    `<div style="margin:24px 0;padding:16px;border:1px solid #cbd5e1;border-radius:8px;background:#f8fafc">` +
    `<p style="margin:0 0 8px">${escapeHtml(opts.senderName || 'A candidate')} shared a CV with you. Your view pin:</p>` +
    `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${escapeHtml(opts.pin)}</p>` +
    `<p style="margin:0"><a href="${link}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">View CV</a></p>` +
    `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(expiryLine(opts.expiresAt))}</p>` +
    `</div><p style="font-size:13px;color:#555">Or paste this link into your browser: ${link}</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
