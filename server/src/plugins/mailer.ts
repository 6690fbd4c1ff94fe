import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as an optional email's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the mail over: sent now, or (with the mail queue on Redis) queued and retried. */
  send(mail: Mail): Promise<void>;
  /**
   * Resolves only once the mail went out (the queue's job is waited for); a sender whose
   * answer depends on the mail (sharing) uses this. Absent, `send` already means sent.
   */
  sendConfirmed?(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up line. */
  describe(): string;
}

/** Sends and resolves once the mail went out, whatever the mailer (see Mailer.sendConfirmed). */
export const sendConfirmed = (mailer: Mailer, mail: Mail): Promise<void> =>
  mailer.sendConfirmed ? mailer.sendConfirmed(mail) : mailer.send(mail);

export interface OutboxMail extends Mail {
  date: string;
}

const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** Without SMTP every email becomes one JSON file in DATA_DIR/outbox. */
export function outboxMailer(dataDir: string): Mailer {
  const dir = outboxDir(dataDir);
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const date = new Date().toISOString();
      const name = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const record: OutboxMail = { ...mail, date };
      await fs.writeFile(path.join(dir, name), JSON.stringify(record, null, 2));
    },
    describe: () => `the outbox folder ${dir}`,
  };
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = outboxDir(dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxMail),
  );
  return mails.reverse();
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const host = new URL(smtpUrl).host;
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    describe: () => `SMTP at ${host}`,
  };
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, mail-client-safe HTML body with one call-to-action link. */
export function simpleEmailHtml(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** An optional email's one-click unsubscribe link, shown under the footer. */
  unsubscribeUrl?: string;
}): string {
  const p = opts.paragraphs
    .map((t) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`)
    .join('');
  const action = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(opts.action.url)}</p>`
    : '';
  const footer = opts.footer
    ? `<p style="font-size:12px;color:#777;margin-top:32px">${escapeHtml(opts.footer)}</p>`
    : '';
  const unsubscribe = opts.unsubscribeUrl
    ? `<p style="font-size:12px;color:#777"><a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#555">Unsubscribe from these emails</a> (or turn them off in Settings).</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(opts.heading)}</h1>${p}${action}${footer}${unsubscribe}</body></html>`;
}
