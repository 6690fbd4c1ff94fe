import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { userSchema } from '@vitae/core';
import type { UserRow } from '../db/database.ts';

/**
 * Finishes a sign-in that passed every step (auth.routes.ts): the session, the device cookie,
 * the new-device email, the intent. Passkeys and identity providers end their sign-ins with it.
 */
export type FinishSignIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  account: string,
  intent: { hr: boolean; pending: string | null },
) => Promise<{ success: boolean; user: z.infer<typeof userSchema> }>;
