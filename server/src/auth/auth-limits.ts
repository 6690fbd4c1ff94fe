import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  enforceLimits,
  refundLimits,
  type LimitRule,
  type RateLimiter,
} from '../plugins/rate-limit.ts';

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
 * The emailed code that lets a new browser in while its address or the account is locked:
 * how long a code lives, and the wrong codes an account takes before its code is void.
 */
export const SIGN_IN_CODE = {
  ttlMs: 15 * MINUTE,
  wrongCodes: { limit: 5, windowMs: 15 * MINUTE },
} as const;

/** The rule each code tried for `account` counts on (a right one takes its attempt back). */
export const signInCodeRule = (account: string): LimitRule => ({
  key: `login:code:${account}`,
  ...SIGN_IN_CODE.wrongCodes,
});

/** How long a known browser's sign-in waits while its address or account is locked. */
export const LOCKED_KNOWN_DEVICE_DELAY_MS = 1000;

/**
 * Which password the account's failure counters belong to: a short fingerprint of its hash
 * (or '-' for no account). A password reset changes it, so it starts every counter of the
 * account afresh, on every address, without having to find them.
 */
export const passwordGeneration = (passwordHash: string | undefined): string =>
  passwordHash ? createHash('sha256').update(passwordHash).digest('base64url').slice(0, 12) : '-';

/**
 * The rules one sign-in attempt counts on (`enforce` counts it before the password is checked,
 * so parallel guesses cannot all slip in), and what a right password undoes.
 *
 * A browser that signed in to the account before (`deviceId`, from the device cookie) counts
 * on its own entry alone: a stranger's guesses, even from the owner's own address, cannot
 * refuse it; while they keep the address or account locked it is only slowed. Any other
 * browser counts for the account from its address, for its address, and for the account.
 * A right password is no guess: it gives the attempt back, and from a new browser clears its
 * address's failures on the account (a known browser's success clears nothing, so it never
 * hands a stranger on the same address fresh guesses).
 *
 * `scope` names the counters: `login` for passwords, `login:two-step` for authenticator and
 * recovery codes, which count the same way on counters of their own (decision 0019).
 */
export function loginLimits(
  account: string,
  generation: string,
  ip: string,
  deviceId: string | null,
  scope: 'login' | 'login:two-step' = 'login',
) {
  const who = `${account}#${generation}`;
  const accountAddress = {
    key: `${scope}:email-ip:${who} ${ip}`,
    ...LOGIN_LIMITS.accountAddress,
  };
  const address = { key: `${scope}:ip:${ip}`, ...LOGIN_LIMITS.address };
  const accountKey = `${scope}:email:${who}`;
  if (deviceId) {
    const device = { key: `${scope}:device:${deviceId}`, ...LOGIN_LIMITS.device };
    return {
      async enforce(limiter: RateLimiter) {
        await enforceLimits(limiter, [device]);
        const held = await Promise.all([
          limiter.peek(accountAddress.key, accountAddress.limit),
          limiter.peek(address.key, address.limit),
          limiter.peek(accountKey, LOGIN_LIMITS.account.limit),
        ]);
        if (held.some((h) => !h.allowed)) await sleep(LOCKED_KNOWN_DEVICE_DELAY_MS);
      },
      succeeded: (limiter: RateLimiter) => refundLimits(limiter, [device]),
    };
  }
  const others: LimitRule[] = [address, { key: accountKey, ...LOGIN_LIMITS.account }];
  return {
    enforce: (limiter: RateLimiter) => enforceLimits(limiter, [accountAddress, ...others]),
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
