import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { errorResponses } from '../plugins/responses.ts';
import { requireUser } from '../plugins/session.ts';

const tag = { tags: ['affiliate'] };

export async function affiliateRoutes(
  app: FastifyInstance,
  { db, config }: AppDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const info = z.object({ code: z.string(), link: z.string(), referralCount: z.number() });
  r.get(
    '/api/affiliate/info',
    { schema: { ...tag, response: { 200: info, ...errorResponses } } },
    async (req) => {
      const user = requireUser(req);
      const { count } = await db
        .selectFrom('affiliate_referrals')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('owner_user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return {
        code: user.affiliate_code,
        link: `${config.publicUrl}/signup?ref=${user.affiliate_code}`,
        referralCount: Number(count),
      };
    },
  );

  const affiliates = z.object({
    affiliates: z.array(z.object({ _id: z.string(), fullName: z.string(), joinedAt: z.string() })),
  });
  r.get(
    '/api/affiliate',
    { schema: { ...tag, response: { 200: affiliates, ...errorResponses } } },
    async (req) => {
      const user = requireUser(req);
      const rows = await db
        .selectFrom('affiliate_referrals')
        .innerJoin('users', 'users.id', 'affiliate_referrals.referred_user_id')
        .select(['users.id', 'users.full_name', 'affiliate_referrals.created_at'])
        .where('affiliate_referrals.owner_user_id', '=', user.id)
        .orderBy('affiliate_referrals.created_at', 'desc')
        .limit(500)
        .execute();
      return {
        affiliates: rows.map((r) => ({ _id: r.id, fullName: r.full_name, joinedAt: r.created_at })),
      };
    },
  );
}
