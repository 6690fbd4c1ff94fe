import { refundLimits, type LimitRule, type RateLimiter } from '../plugins/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in throttles. They slow a guesser without letting anyone deny a person their own
 * account: a failure counts for this account from this address, for this address across
 * accounts, and for this account across addresses only from browsers that never signed in to
 * it (a browser with the account's device cookie counts on its own entry instead).
 */
export const LOGIN_LIMITS = {
  accountAddress: { limit: 10, windowMs: 15 * MINUTE },
  address: { limit: 30, windowMs: 15 * MINUTE },
  account: { limit: 20, windowMs: 15 * MINUTE },
  device: { limit: 10, windowMs: 15 * MINUTE },
} as const;

/** Requests that mail a link (reset, verification) and how many such mails an inbox gets. */
export const MAIL_LIMITS = {
  accountAddress: { limit: 3, windowMs: HOUR },
  address: { limit: 10, windowMs: HOUR },
  mailsPerAccount: { limit: 5, windowMs: HOUR },
} as const;

/**
 * The rules one sign-in attempt counts on (`enforceLimits` counts it before the password is
 * checked, so parallel guesses cannot all slip in), and what a right password undoes: it is
 * no guess, so this address's failures on the account are cleared and the other counters get
 * the attempt back.
 */
export function loginLimits(account: string, ip: string, deviceId: string | null) {
  const accountAddress = { key: `login:email-ip:${account} ${ip}`, ...LOGIN_LIMITS.accountAddress };
  const others: LimitRule[] = [
    { key: `login:ip:${ip}`, ...LOGIN_LIMITS.address },
    deviceId
      ? { key: `login:device:${deviceId}`, ...LOGIN_LIMITS.device }
      : { key: `login:email:${account}`, ...LOGIN_LIMITS.account },
  ];
  return {
    rules: [accountAddress, ...others],
    async succeeded(limiter: RateLimiter) {
      await Promise.all([limiter.reset(accountAddress.key), refundLimits(limiter, others)]);
    },
  };
}

/**
 * The rules a request for a mailed link counts on (`kind`: forgot, resend), per account and
 * address and per address, so a stranger's requests spend their own budget, never the owner's;
 * and the inbox's cap, which stops mail bombing by skipping the mail, never by refusing.
 */
export function mailRequestLimits(kind: string, account: string, ip: string) {
  return {
    rules: [
      { key: `${kind}:email-ip:${account} ${ip}`, ...MAIL_LIMITS.accountAddress },
      { key: `${kind}:ip:${ip}`, ...MAIL_LIMITS.address },
    ],
    /** Counts one mail to the account; false once the inbox had its share this hour. */
    async mayMail(limiter: RateLimiter) {
      const cap = MAIL_LIMITS.mailsPerAccount;
      return (await limiter.hit(`${kind}:mail:${account}`, cap.limit, cap.windowMs)).allowed;
    },
  };
}
