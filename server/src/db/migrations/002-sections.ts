import type { Kysely } from 'kysely';

/**
 * One table per CV section (issue 3). Columns are spelled out here rather than
 * derived from the core registry, so this shipped migration never changes when
 * a schema does: a new field means a new migration.
 */
type Kind = 'text' | 'bool' | 'int' | 'json';
const TABLES: Record<string, Record<string, Kind>> = {
  section_personal_info: {
    full_name: 'text',
    date_of_birth: 'text',
    id_number: 'text',
    gender: 'text',
    sa_citizen: 'bool',
    pp_number: 'text',
    nationality: 'text',
    drivers_license: 'bool',
    license_code: 'text',
  },
  section_contact_info: {
    phone: 'text',
    email: 'text',
    unit: 'text',
    complex: 'text',
    address: 'text',
    suburb: 'text',
    city: 'text',
    province: 'text',
    country: 'text',
    postal_code: 'text',
    linkedin: 'text',
    website: 'text',
  },
  section_personal_summary: { content: 'text' },
  section_experience: {
    title: 'text',
    description: 'text',
    company: 'text',
    start_date: 'text',
    end_date: 'text',
  },
  section_secondary_education: {
    school_name: 'text',
    start_year: 'text',
    end_year: 'text',
    subjects: 'json',
    additional_info: 'text',
  },
  section_tertiary_education: {
    institute_name: 'text',
    start_date: 'text',
    end_date: 'text',
    certification_type: 'text',
    description: 'text',
    additional_info: 'text',
  },
  section_skill: { skill: 'text', proficiency: 'int' },
  section_language: { language: 'text', read: 'int', write: 'int', speak: 'int' },
  section_reference: {
    name: 'text',
    company: 'text',
    phone: 'text',
    email: 'text',
    position: 'text',
  },
  section_interest: { interest: 'text' },
  section_attribute: { attribute: 'text' },
  section_employment_history: {
    company: 'text',
    position: 'text',
    start_date: 'text',
    end_date: 'text',
    current: 'bool',
    description: 'text',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(TABLES)) {
    let t = db.schema
      .createTable(table)
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(24)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull());
    for (const [name, kind] of Object.entries(columns)) {
      t =
        kind === 'bool' || kind === 'int'
          ? t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
          : t.addColumn(name, 'text', (c) => c.notNull().defaultTo(kind === 'json' ? '[]' : ''));
    }
    await t.execute();
    await db.schema
      .createIndex(`${table}_user_created`)
      .on(table)
      .columns(['user_id', 'created_at'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(TABLES).reverse()) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
