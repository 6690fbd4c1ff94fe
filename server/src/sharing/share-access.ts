import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_MESSAGES, type ShareClosedReason } from '@vitae/core';
import { HttpError } from '../plugins/errors.ts';
import { closedReason, type ShareRow, type sharingRepo } from './sharing.repo.ts';
import { grantFor, grantIsCurrent } from './unlock-grant.ts';

export type ShareAccess = { share: ShareRow } | { closed: ShareClosedReason };

/**
 * The share this browser unlocked the CV through, while it stays open: 403 without a
 * grant or with one from before the share's last resend, `{closed}` once revoked/expired.
 * The viewer's data call and its PDF both ask this.
 */
export async function grantedShare(
  repo: Pick<ReturnType<typeof sharingRepo>, 'shareOfCv'>,
  secret: string,
  req: FastifyRequest,
  cvId: string,
): Promise<ShareAccess> {
  const grant = grantFor(secret, req, cvId);
  const share = grant ? await repo.shareOfCv(cvId, grant.s) : undefined;
  if (!grant || !share) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
  const reason = closedReason(share);
  if (reason) return { closed: reason };
  if (!grantIsCurrent(grant, share)) throw new HttpError(403, SHARE_MESSAGES.notUnlocked);
  return { share };
}

/** `410 {error, reason}`: the link of a revoked or expired share opens nothing. */
export const sendClosed = (reply: FastifyReply, reason: ShareClosedReason) =>
  reply.status(410).send({
    error: reason === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired,
    reason,
  });
