import type { Kysely } from 'kysely';

/**
 * Contact details in the public pool (issue 14): the owner chooses whether HR users see the
 * email and phone of a listed CV at once ('open', what every listing did so far) or only
 * after approving the HR user's request. One request per HR user per listing (the unique
 * key, so parallel clicks leave one row). The HR view trail gains the device kind and the
 * first-impression video percentage, as share views have; notifications carry the time of
 * what they tell as data (the browser shows it in its own zone) and the request they ask
 * about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('public_cvs')
    .addColumn('contact_mode', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .execute();

  await db.schema
    .createTable('contact_requests')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('public_cv_id', 'varchar(24)', (c) =>
      c.notNull().references('public_cvs.id').onDelete('cascade'),
    )
    .addColumn('hr_user_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('hr_user_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addUniqueConstraint('contact_requests_one_per_hr', ['public_cv_id', 'hr_user_id'])
    .execute();
  // The owner's list (newest first) and the pending count under the cap.
  await db.schema
    .createIndex('contact_requests_listing')
    .on('contact_requests')
    .columns(['public_cv_id', 'status', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('contact_requests_hr')
    .on('contact_requests')
    .column('hr_user_id')
    .execute();

  await db.schema
    .alterTable('public_cv_views')
    .addColumn('device_kind', 'varchar(10)', (c) => c.notNull().defaultTo('other'))
    .execute();
  await db.schema
    .alterTable('public_cv_views')
    .addColumn('video_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('notifications').addColumn('occurred_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('contact_request_id', 'varchar(24)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('contact_request_id').execute();
  await db.schema.alterTable('notifications').dropColumn('occurred_at').execute();
  await db.schema.alterTable('public_cv_views').dropColumn('video_percent').execute();
  await db.schema.alterTable('public_cv_views').dropColumn('device_kind').execute();
  await db.schema.dropTable('contact_requests').ifExists().execute();
  await db.schema.alterTable('public_cvs').dropColumn('contact_mode').execute();
}
