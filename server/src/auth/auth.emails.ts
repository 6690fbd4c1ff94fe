import type { Mail } from '../plugins/mailer.ts';
import { simpleEmailHtml } from '../plugins/mailer.ts';

export function verificationEmail(to: string, fullName: string, link: string): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    'Welcome to Vitae! Please confirm your email address so you can sign in and start building your CV.',
    'This link is valid for 24 hours.',
  ];
  return {
    to,
    subject: 'Verify your email for Vitae',
    text: `${paragraphs.join('\n\n')}\n\nVerify your email: ${link}\n\nIf you did not create a Vitae account, you can ignore this email.`,
    html: simpleEmailHtml({
      heading: 'Verify your email',
      paragraphs,
      action: { label: 'Verify my email', url: link },
      footer: 'If you did not create a Vitae account, you can ignore this email.',
    }),
  };
}

export function resetEmail(to: string, fullName: string, link: string): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    'We received a request to reset your Vitae password. The link below is valid for 1 hour and can be used once.',
  ];
  return {
    to,
    subject: 'Reset your Vitae password',
    text: `${paragraphs.join('\n\n')}\n\nReset your password: ${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.`,
    html: simpleEmailHtml({
      heading: 'Reset your password',
      paragraphs,
      action: { label: 'Choose a new password', url: link },
      footer:
        'If you did not ask for this, you can ignore this email; your password stays the same.',
    }),
  };
}

export function signInCodeEmail(to: string, fullName: string, code: string): Mail {
  const paragraphs = [
    `Hi ${fullName},`,
    'Someone signed in to your Vitae account with the right password from a new browser while sign-ins to it were paused after too many wrong passwords. If it was you, enter this code on the sign-in page:',
    code,
    'The code is valid for 15 minutes and can be used once.',
  ];
  const footer =
    'If it was not you, someone knows your password: choose a new one with “Forgot password” on the sign-in page.';
  return {
    to,
    subject: `${code} is your Vitae sign-in code`,
    text: `${paragraphs.join('\n\n')}\n\n${footer}`,
    html: simpleEmailHtml({ heading: 'Your sign-in code', paragraphs, footer }),
  };
}
