import type { Selectable } from 'kysely';
import {
  CONTACT_REQUESTS_LISTED,
  MAX_PENDING_CONTACT_REQUESTS,
  type ContactRequest,
  type ContactRequestStatus,
} from '@vitae/core';
import type { ContactRequestsTable, Db } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import { lockRow } from '../db/integrity.ts';

export type ContactRequestRow = Selectable<ContactRequestsTable>;

const toRequest = (r: ContactRequestRow): ContactRequest => ({
  _id: r.id,
  hrUserName: r.hr_user_name,
  status: r.status,
  requestedAt: r.requested_at,
  decidedAt: r.decided_at,
});

/**
 * HR users' requests to see a listing's email and phone (issue 14). One row per HR user per
 * listing (unique key); a listing holds at most MAX_PENDING_CONTACT_REQUESTS pending ones.
 */
export function contactRequestsRepo(db: Db) {
  return {
    /** The owner's requests, pending first, then newest first. */
    async ofOwner(ownerId: string): Promise<ContactRequest[]> {
      const rows = await db
        .selectFrom('contact_requests as c')
        .innerJoin('public_cvs as p', 'p.id', 'c.public_cv_id')
        .selectAll('c')
        .where('p.user_id', '=', ownerId)
        .orderBy((eb) => eb.case().when('c.status', '=', 'pending').then(0).else(1).end())
        .orderBy('c.requested_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(CONTACT_REQUESTS_LISTED)
        .execute();
      return rows.map(toRequest);
    },

    /** This HR user's request state on each of these listings (absent: never asked). */
    async statesFor(
      hrUserId: string,
      listingIds: string[],
    ): Promise<Map<string, ContactRequestStatus>> {
      if (!listingIds.length) return new Map();
      const rows = await db
        .selectFrom('contact_requests')
        .select(['public_cv_id', 'status'])
        .where('hr_user_id', '=', hrUserId)
        .where('public_cv_id', 'in', listingIds)
        .execute();
      return new Map(rows.map((r) => [r.public_cv_id, r.status]));
    },

    /**
     * An HR user's request: `created` for a new one, `exists` when they asked before (the
     * row as it stands), `full` when the listing holds the most pending requests it may.
     * Counted and inserted under the listing's lock, so parallel requests cannot pass the
     * cap together; the unique key keeps one row per HR user either way.
     */
    async request(
      listingId: string,
      hr: { id: string; name: string },
    ): Promise<{ outcome: 'created' | 'exists' | 'full'; row?: ContactRequestRow }> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'public_cvs', listingId);
        const mine = () =>
          trx
            .selectFrom('contact_requests')
            .selectAll()
            .where('public_cv_id', '=', listingId)
            .where('hr_user_id', '=', hr.id)
            .executeTakeFirst();
        const existing = await mine();
        if (existing) return { outcome: 'exists', row: existing };
        const { n } = await trx
          .selectFrom('contact_requests')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('public_cv_id', '=', listingId)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAX_PENDING_CONTACT_REQUESTS) return { outcome: 'full' };
        const res = await trx
          .insertInto('contact_requests')
          .values({
            id: newId(),
            public_cv_id: listingId,
            hr_user_id: hr.id,
            hr_user_name: hr.name,
            status: 'pending',
            requested_at: nowIso(),
            decided_at: null,
          })
          .onConflict((oc) => oc.columns(['public_cv_id', 'hr_user_id']).doNothing())
          .executeTakeFirst();
        const created = Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
        return { outcome: created ? 'created' : 'exists', row: await mine() };
      });
    },

    /**
     * The owner approves or declines (declining an approved request revokes it). Undefined
     * when the request is not on the owner's listing. `changed` is false when it already
     * stood so.
     */
    async decide(
      ownerId: string,
      requestId: string,
      status: 'approved' | 'declined',
    ): Promise<{ row: ContactRequestRow; changed: boolean } | undefined> {
      const own = await db
        .selectFrom('contact_requests as c')
        .innerJoin('public_cvs as p', 'p.id', 'c.public_cv_id')
        .select('c.id')
        .where('c.id', '=', requestId)
        .where('p.user_id', '=', ownerId)
        .executeTakeFirst();
      if (!own) return undefined;
      const res = await db
        .updateTable('contact_requests')
        .set({ status, decided_at: nowIso() })
        .where('id', '=', own.id)
        .where('status', '!=', status)
        .executeTakeFirst();
      const row = await db
        .selectFrom('contact_requests')
        .selectAll()
        .where('id', '=', own.id)
        .executeTakeFirstOrThrow();
      return { row, changed: Number(res.numUpdatedRows) > 0 };
    },

    toRequest,
  };
}
