import { CONTACT_MESSAGES } from '@vitae/core/hr';
import { simpleEmailHtml, type Mail } from '../plugins/mailer.ts';

export const CONTACT_REQUEST_SUBJECT = 'An HR user asks for your contact details';

/**
 * The candidate's email about a new request for their contact details (issue 32): the bell's
 * words, and a link to the dashboard, where the CV visibility card answers the request.
 */
export function contactRequestEmail(opts: {
  to: string;
  candidateName: string;
  hrName: string;
  dashboardUrl: string;
  /** The one-click unsubscribe link and headers (issue 32). */
  unsubscribe: { url: string; headers: Record<string, string> };
}): Mail {
  const paragraphs = [
    `Hi ${opts.candidateName || 'there'},`,
    CONTACT_MESSAGES.requestMessage(opts.hrName),
    'Nothing is shared until you approve.',
  ];
  const footer =
    'You get this email because your CV is publicly listed on Vitae with contact details on request.';
  const stop = `Stop these emails: ${opts.unsubscribe.url} (or turn them off in Settings).`;
  return {
    to: opts.to,
    subject: CONTACT_REQUEST_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n\nAnswer the request: ${opts.dashboardUrl}\n\n${footer}\n${stop}`,
    html: simpleEmailHtml({
      heading: CONTACT_MESSAGES.requestTitle,
      paragraphs,
      action: { label: 'Answer the request', url: opts.dashboardUrl },
      footer,
      unsubscribeUrl: opts.unsubscribe.url,
    }),
    headers: opts.unsubscribe.headers,
  };
}
