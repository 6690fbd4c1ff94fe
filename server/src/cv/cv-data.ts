import { CompiledQuery, PostgresAdapter } from 'kysely';
import {
  buildCvData,
  SECTION_KEYS,
  type Certificate,
  type CvData,
  type FirstImpression,
  type SectionKey,
} from '@vitae/core';
import type { Db } from '../db/database.ts';
import { tablesReadBy } from '../db/write-clock.ts';
import { mediaService, type MediaDeps, type MediaRow } from '../media/index.ts';
import {
  columnOf,
  fieldsOf,
  tableOf,
  toEntry,
  type AnyRow,
  type EntryOut,
} from '../sections/index.ts';
import {
  CUSTOM_ENTRY_COLUMNS,
  CUSTOM_SECTION_COLUMNS,
  toCustomSections,
} from '../custom-sections/index.ts';
import { toRecord, type CvRecord } from './cv.repo.ts';

/** "personal-info" → "personalInfo": the key buildCvData reads. */
const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const MEDIA_COLUMNS = ['file_key', 'thumb_key', 'content_type'];

/**
 * The SQL of the whole CV of one user, in one statement: a UNION ALL of one indexed read per
 * section table, the account's name, the CV record and (with media) the assigned photo, the
 * video and the certificates, each row as a JSON object of its columns. Under load every
 * statement costs more than its reading (Kysely's building and compiling, SQLite's locking):
 * the 25 parallel queries this replaced made the one-request CV 30 times slower than bare
 * Fastify. Built once per dialect; the user id is its only parameter, repeated per branch.
 */
function cvSql(postgres: boolean, withMedia: boolean): { sql: string; params: number } {
  const q = (name: string) => `"${name}"`;
  let n = 0;
  const param = () => (postgres ? `$${++n}` : (n++, '?'));
  const json = (pairs: [string, string][]) =>
    `${postgres ? 'json_build_object' : 'json_object'}(${pairs.map(([k, v]) => `'${k}', ${v}`).join(', ')})`;
  const columns = (table: string, names: string[]): [string, string][] =>
    names.map((c) => [c, `${q(table)}.${q(c)}`]);
  const branch = (kind: string, object: string, from: string, order: string) =>
    `select '${kind}' as k, ${object} as j, ${order} as c, ${from}`;

  // The user's order (sort_order, migration 022), then created_at; as text, like the others.
  const inOrder = (t: string) =>
    `${postgres ? `lpad(cast(${q(t)}.${q('sort_order')} as text), 10, '0')` : `printf('%010d', ${q(t)}.${q('sort_order')})`} || ${q(t)}.${q('created_at')}`;
  const ownRows = (t: string) =>
    `${q(t)}.${q('id')} as i from ${q(t)} where ${q('user_id')} = ${param()}`;
  const branches = SECTION_KEYS.map((key) => {
    const t = tableOf(key);
    const names = ['id', 'updated_at', ...fieldsOf(key).map(([field]) => columnOf(field))];
    return branch(key, json(columns(t, names)), ownRows(t), inOrder(t));
  });
  // The user's own sections and their entries (issue 30).
  for (const [t, names] of [
    ['custom_sections', CUSTOM_SECTION_COLUMNS],
    ['custom_section_entries', CUSTOM_ENTRY_COLUMNS],
  ] as const) {
    branches.push(branch(t, json(columns(t, [...names])), ownRows(t), inOrder(t)));
  }
  branches.push(
    branch(
      'account',
      json([['full_name', q('full_name')]]),
      `${q('id')} as i from ${q('users')} where ${q('id')} = ${param()}`,
      `''`,
    ),
    branch(
      'cv',
      json(
        columns('curriculum_vitae', [
          'id',
          'is_default',
          'template',
          'page_size',
          'arrangement',
          'design',
          'headline',
          'summary',
          'created_at',
          'updated_at',
        ]),
      ),
      `${q('id')} as i from ${q('curriculum_vitae')} where ${q('user_id')} = ${param()}`,
      `''`,
    ),
    // The entries each version leaves out (migration 026); the chosen version's are skipped.
    branch(
      'excluded',
      json(columns('cv_version_exclusions', ['version_id', 'entry_id'])),
      `${q('entry_id')} as i from ${q('cv_version_exclusions')} where ${q('user_id')} = ${param()}`,
      `''`,
    ),
  );
  if (withMedia) {
    const media = (table: string, entry: string[], where = '', join = 'inner join') => {
      const pairs = [
        ...columns(table, entry),
        ...columns('media', MEDIA_COLUMNS),
        ['media_id', `${q('media')}.${q('id')}`] as [string, string],
      ];
      return branch(
        table,
        json(pairs),
        `${q(table)}.${q('id')} as i from ${q(table)} ${join} ${q('media')} on ${q('media')}.${q('id')} = ${q(table)}.${q('media_id')} where ${q(table)}.${q('user_id')} = ${param()}${where}`,
        `${q(table)}.${q('created_at')}`,
      );
    };
    branches.push(
      media('photos', ['id'], ` and ${q('photos')}.${q('assigned')} = 1`),
      media('first_impressions', ['id', 'updated_at']),
      // A certificate may have no file (migration 033).
      media(
        'certificates',
        ['id', 'title', 'issuer', 'issued_on', 'url', 'updated_at'],
        '',
        'left join',
      ),
    );
  }
  return { sql: `${branches.join('\nunion all\n')}\norder by k, c, i`, params: n };
}
const statements = new Map<string, { sql: string; params: number }>();

/** Every table the CV statement reads (with media): what a kept CV answer depends on. */
export const CV_TABLES: readonly string[] = tablesReadBy(cvSql(false, true).sql);

type MediaJoined = AnyRow & { media_id: string; file_key: string; thumb_key: string | null };
/** A certificate's row: without a file (migration 033) its media columns are null. */
type CertificateJoined = AnyRow & { media_id: string | null; file_key: string | null };

/** One version's row as the statement reads it. */
type VersionRow = AnyRow & { id: string; is_default: number };

/** What one statement read: every section's entries and the rest, still unsigned. */
interface CvRows {
  sections: Record<SectionKey, EntryOut[]>;
  accountName: string;
  versions: VersionRow[];
  /** Entry ids left out, by version id. */
  excluded: Map<string, Set<string>>;
  photo?: MediaJoined;
  video?: MediaJoined;
  certificates: CertificateJoined[];
  customSections: AnyRow[];
  customEntries: AnyRow[];
}

async function readCv(db: Db, userId: string, withMedia: boolean): Promise<CvRows> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const name = `${postgres}:${withMedia}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = cvSql(postgres, withMedia)));
  const { rows } = await db.executeQuery<{ k: string; j: unknown }>(
    CompiledQuery.raw(statement.sql, Array<string>(statement.params).fill(userId)),
  );
  const out: CvRows = {
    sections: Object.fromEntries(
      SECTION_KEYS.map((key) => [key, [] as EntryOut[]]),
    ) as CvRows['sections'],
    accountName: '',
    versions: [],
    excluded: new Map(),
    certificates: [],
    customSections: [],
    customEntries: [],
  };
  for (const { k, j } of rows) {
    // SQLite answers JSON as text; PostgreSQL's driver has parsed it already.
    const row = (typeof j === 'string' ? JSON.parse(j) : j) as AnyRow;
    if (k === 'account') out.accountName = String(row.full_name ?? '');
    else if (k === 'cv') out.versions.push(row as VersionRow);
    else if (k === 'excluded') {
      const version = String(row.version_id);
      let set = out.excluded.get(version);
      if (!set) out.excluded.set(version, (set = new Set()));
      set.add(String(row.entry_id));
    } else if (k === 'photos') out.photo = row as MediaJoined;
    else if (k === 'first_impressions') out.video = row as MediaJoined;
    else if (k === 'certificates') out.certificates.push(row as CertificateJoined);
    else if (k === 'custom_sections') out.customSections.push(row);
    else if (k === 'custom_section_entries') out.customEntries.push(row);
    else out.sections[k as SectionKey].push(toEntry(k as SectionKey, row));
  }
  // Oldest first from the statement; the certificates list newest first.
  out.certificates.reverse();
  return out;
}

/** The sections as `version` shows them: without the entries it leaves out (issue 30). */
function sectionsOf(all: CvRows, version: VersionRow | undefined): EntryOut[][] {
  const out = version ? all.excluded.get(version.id) : undefined;
  return SECTION_KEYS.map((key) =>
    out ? all.sections[key].filter((entry) => !out.has(String(entry._id))) : all.sections[key],
  );
}

/** The entries of the user's own sections `version` shows: those it does not leave out. */
function customEntriesOf(all: CvRows, version: VersionRow | undefined): AnyRow[] {
  const out = version ? all.excluded.get(version.id) : undefined;
  return out ? all.customEntries.filter((e) => !out.has(String(e.id))) : all.customEntries;
}

/** The CV with the version's own headline and summary where it has them (issue 30). */
function withOwnText(data: CvData, version: VersionRow | undefined): CvData {
  const headline = version?.headline;
  const summary = version?.summary;
  return {
    ...data,
    ...(typeof headline === 'string' &&
      data.personalInfo && { personalInfo: { ...data.personalInfo, headline } }),
    ...(typeof summary === 'string' && { personalSummary: { summary } }),
  };
}

/**
 * The whole CV of one user as one of its versions shows it (`versionId`, else the default),
 * and that version's record (template), from one statement: every section, the account's
 * name (the header's name when other sections are filled but personal information is not)
 * and, when `media` is given to sign URLs, the assigned photo, the first impression and the
 * certificates, as their own endpoints answer them. `record` is undefined when the user has
 * no such version.
 */
export async function loadCv(
  db: Db,
  userId: string,
  media?: Omit<MediaDeps, 'db'>,
  versionId?: string,
): Promise<{ record: CvRecord | undefined; data: CvData }> {
  const all = await readCv(db, userId, Boolean(media));
  const version = all.versions.find((v) => (versionId ? v.id === versionId : v.is_default === 1));
  const signer = media && mediaService({ db, ...media });
  const url = (row: MediaJoined) => signer!.url(row as unknown as MediaRow);
  const thumbUrl = (row: MediaJoined) => signer!.thumbUrl(row as unknown as MediaRow);

  const lists = sectionsOf(all, version);
  const accountName = all.accountName.trim();
  const sections: Record<string, unknown[]> = Object.fromEntries(
    SECTION_KEYS.map((key, i) => [camel(key), lists[i]!]),
  );
  // A CV without personal information would have an empty header: it shows the account's
  // name. A CV with nothing at all stays empty, so the viewer keeps showing the sample CV.
  if (sections.personalInfo?.length === 0 && accountName && lists.some((l) => l.length > 0)) {
    sections.personalInfo = [{ fullName: accountName }];
  }
  const video: FirstImpression | null =
    signer && all.video
      ? {
          _id: String(all.video.id),
          videoUrl: url(all.video),
          posterUrl: all.video.thumb_key ? thumbUrl(all.video) : '',
          publicId: all.video.media_id,
          lastUpdate: String(all.video.updated_at),
        }
      : null;
  const certificates: Certificate[] = signer
    ? all.certificates.map((r) => {
        const isPdf = r.content_type === 'application/pdf';
        const file = r.file_key ? url(r as MediaJoined) : '';
        return {
          _id: String(r.id),
          title: String(r.title),
          pdfUrl: isPdf ? file : '',
          photoUrl: isPdf ? '' : file,
          publicId: r.media_id ?? '',
          issuer: String(r.issuer ?? ''),
          date: String(r.issued_on ?? ''),
          url: String(r.url ?? ''),
          lastUpdate: String(r.updated_at),
        };
      })
    : [];
  const data = withOwnText(
    buildCvData({
      ...sections,
      assignedPhotoUrl: signer && all.photo ? url(all.photo) : '',
      firstImpression: video ?? [],
      certificate: certificates,
      customSections: toCustomSections(
        all.customSections as unknown as Parameters<typeof toCustomSections>[0],
        customEntriesOf(all, version) as unknown as Parameters<typeof toCustomSections>[1],
      ),
      arrangement: version?.arrangement,
      design: version?.design,
    }),
    version,
  );
  return {
    record: version && toRecord(version as unknown as Parameters<typeof toRecord>[0]),
    data,
  };
}

/** The whole CV of one user, as `versionId` (else the default version) shows it (see loadCv). */
export async function loadCvData(
  db: Db,
  userId: string,
  media?: Omit<MediaDeps, 'db'>,
  versionId?: string,
): Promise<CvData> {
  return (await loadCv(db, userId, media, versionId)).data;
}
