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
