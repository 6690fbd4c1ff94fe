import type { Mail } from '../plugins/mailer.ts';
import { simpleEmailHtml } from '../plugins/mailer.ts';

/*
 * The mails of Settings → Your sessions, Change password and Change email (issue 34). None
 * of them names a session's secret; the one to the old address hides most of the new one.
 */

const when = (at: Date) =>
  `${at.toISOString().slice(0, 10)} at ${at.toISOString().slice(11, 16)} UTC`;

const NOT_YOU =
  'If it was not you, change your password now: use “Forgot password” on the sign-in page, then sign out your other sessions in Settings → Your sessions.';

export function newSignInEmail(
  to: string,
  fullName: string,
  device: { phrase: string; kind: string },
  at: Date,
): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    `Your Vitae account was just signed in to from a browser it had not been used on before: ${device.phrase} (${device.kind}), on ${when(at)}.`,
    'If this was you, there is nothing to do.',
  ];
  return {
    to,
    subject: 'New sign-in to your Vitae account',
    text: `${paragraphs.join('\n\n')}\n\n${NOT_YOU}`,
    html: simpleEmailHtml({ heading: 'New sign-in', paragraphs, footer: NOT_YOU }),
  };
}

export function passwordChangedEmail(to: string, fullName: string, at: Date): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    `Your Vitae password was changed on ${when(at)}. Every other session of your account has been signed out.`,
  ];
  const footer =
    'If you did not change it, someone knows your password: choose a new one with “Forgot password” on the sign-in page, or reply to this email for help.';
  return {
    to,
    subject: 'Your Vitae password was changed',
    text: `${paragraphs.join('\n\n')}\n\n${footer}`,
    html: simpleEmailHtml({ heading: 'Your password was changed', paragraphs, footer }),
  };
}

export function confirmEmailChangeEmail(
  to: string,
  fullName: string,
  link: string,
  hours: number,
): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    `You asked to use this address for your Vitae account. Open the link below to confirm it; until then your account keeps its current address. The link is valid for ${hours} hours and can be used once.`,
  ];
  const footer = 'If you did not ask for this, you can ignore this email; nothing changes.';
  return {
    to,
    subject: 'Confirm your new email address for Vitae',
    text: `${paragraphs.join('\n\n')}\n\nConfirm your new address: ${link}\n\n${footer}`,
    html: simpleEmailHtml({
      heading: 'Confirm your new email address',
      paragraphs,
      action: { label: 'Use this address', url: link },
      footer,
    }),
  };
}

/** "j•••@e•••.com": enough for the owner to recognise, too little to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${domain.slice(0, 1)}•••${tld}`;
}

export function emailChangedEmail(to: string, fullName: string, newEmail: string, at: Date): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    `The email address of your Vitae account was changed to ${maskEmail(newEmail)} on ${when(at)}. Emails about your account now go there, and you sign in with it.`,
  ];
  const footer =
    'If you did not change it, reply to this email right away so we can help you get your account back.';
  return {
    to,
    subject: 'Your Vitae email address was changed',
    text: `${paragraphs.join('\n\n')}\n\n${footer}`,
    html: simpleEmailHtml({ heading: 'Your email address was changed', paragraphs, footer }),
  };
}
