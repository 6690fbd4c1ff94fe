import type { Mail, Mailer } from '../plugins/mailer.ts';
import type { Jobs } from '../plugins/jobs.ts';
import { JobFailedError, JobQueueDownError } from '../plugins/jobs.ts';

interface MailJob {
  mail: Mail;
  /** Epoch ms after which the mail is no longer wanted (its sender gave up waiting). */
  notAfter?: number;
}

export interface MailJobOptions {
  /** Tries of a mail nobody waits for (account mail). Default 8: about 8.5 minutes of backoff. */
  attempts?: number;
  /** The first retry's wait; each next one doubles. Default 2 s. */
  backoffMs?: number;
  /** How long a sender that must know (a share) waits for its mail. Default 15 s. */
  confirmWithinMs?: number;
  /** Tries within that wait. Default 3 (now, after 1 s, after 2 s more). */
  confirmAttempts?: number;
  /** Mails one worker sends at once. Default 4. */
  concurrency?: number;
}

const DEFAULTS: Required<MailJobOptions> = {
  attempts: 8,
  backoffMs: 2000,
  confirmWithinMs: 15_000,
  confirmAttempts: 3,
  concurrency: 4,
};

/**
 * Outgoing mail as jobs: `send` hands the mail to the queue (with Redis a refused mail is
 * retried with backoff, then kept in the dead-letter list; in process it is sent at once as
 * before), `sendConfirmed` resolves only once the mail went out. A confirmed mail whose sender
 * stopped waiting is dropped by the worker unsent, so no mail goes out for a send that was
 * answered as failed.
 */
export function mailJobs(jobs: Jobs, transport: Mailer, options: MailJobOptions = {}): Mailer {
  const o = { ...DEFAULTS, ...options };
  const mailKind = jobs.define<MailJob>({
    name: 'mail',
    attempts: o.attempts,
    backoffMs: o.backoffMs,
    concurrency: o.concurrency,
    async run({ mail, notAfter }) {
      if (notAfter !== undefined && Date.now() > notAfter) return 'expired';
      await transport.send(mail);
      return 'sent';
    },
    label: ({ mail }) => `to ${mail.to} · ${mail.subject}`,
  });
  /** Redis away: the mail goes out from here, as without a queue (not retried, not lost). */
  const orDirect = async (queued: () => Promise<unknown>, mail: Mail) => {
    try {
      return await queued();
    } catch (err) {
      if (!(err instanceof JobQueueDownError)) throw err;
      await transport.send(mail);
      return 'sent';
    }
  };
  return {
    async send(mail) {
      await orDirect(() => mailKind.enqueue({ mail }), mail);
    },
    async sendConfirmed(mail) {
      if (jobs.backend === 'in-process') {
        await mailKind.enqueue({ mail });
        return;
      }
      const result = await orDirect(
        () =>
          mailKind.enqueue(
            { mail, notAfter: Date.now() + o.confirmWithinMs },
            {
              waitMs: o.confirmWithinMs,
              attempts: o.confirmAttempts,
              backoffMs: Math.min(o.backoffMs, 1000),
            },
          ),
        mail,
      );
      if (result !== 'sent') throw new JobFailedError('mail not sent in time');
    },
    describe: () =>
      jobs.backend === 'in-process'
        ? transport.describe()
        : `${transport.describe()} through the mail queue`,
  };
}
