import { cefrOf, cefrRank, formatMonthYear, MONTHS_SHORT, type CefrLevel } from '@vitae/core';
import { visibleText } from '@vitae/core/rich-text';
import type { Db } from '../db/database.ts';

/** What a browse card and the filters need, computed from the owner's sections. */
export interface ListingFacets {
  headline: string;
  city: string;
  province: string;
  years_experience: number;
  summary_excerpt: string;
  has_video: number;
  /** JSON: the first TOP_SKILLS skill names, best rated first. */
  top_skills: string;
  /** JSON: [{ name, cefr }] in the owner's order. */
  languages: string;
  skills: { skill_norm: string; skill: string }[];
  langs: { language_norm: string; level: number }[];
}

export const TOP_SKILLS = 6;
export const SUMMARY_EXCERPT = 240;
/** A skill or language as filters compare it: trimmed, lower case, spaces squeezed. */
export const normText = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);

type DateText = string | null | undefined;

/** A month count (year * 12 + month) from what formatMonthYear understands, or null. */
function monthOf(value: DateText): number | null {
  const text = formatMonthYear(value);
  const m = /^(?:([A-Z][a-z]{2}) )?(\d{4})$/.exec(text);
  if (!m) return null;
  const month = m[1] ? MONTHS_SHORT.indexOf(m[1] as (typeof MONTHS_SHORT)[number]) : 0;
  return Number(m[2]) * 12 + Math.max(0, month);
}

interface Job {
  position: string;
  start_date: string;
  end_date: string;
  current: number;
}

/**
 * Whole years worked: the union of the employment ranges (overlaps count once), a current
 * job or a missing end up to `now`. Unreadable start dates are left out.
 */
export function yearsOfExperience(jobs: Job[], now = new Date()): number {
  const today = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const ranges = jobs
    .map((j) => {
      const from = monthOf(j.start_date);
      const to = j.current ? today : (monthOf(j.end_date) ?? today);
      return from === null ? null : ([from, Math.min(Math.max(from, to), today)] as const);
    })
    .filter((r): r is readonly [number, number] => r !== null)
    .sort((a, b) => a[0] - b[0]);
  let months = 0;
  let reached = -Infinity;
  for (const [from, to] of ranges) {
    const start = Math.max(from, reached);
    if (to > start) months += to - start;
    reached = Math.max(reached, to);
  }
  return Math.floor(months / 12);
}

/** The latest position: a current job first, then the latest start date. */
export function latestPosition(jobs: Job[]): string {
  const score = (j: Job) => [j.current ? 1 : 0, monthOf(j.start_date) ?? -1] as const;
  const best = [...jobs].sort((a, b) => {
    const [ca, sa] = score(a);
    const [cb, sb] = score(b);
    return cb - ca || sb - sa;
  })[0];
  return (best?.position ?? '').trim().slice(0, 200);
}

/** The summary's first SUMMARY_EXCERPT characters, cut at a word, on one line (its visible text). */
export function excerptOf(summary: string): string {
  const flat = visibleText(summary).replace(/\s+/g, ' ').trim();
  if (flat.length <= SUMMARY_EXCERPT) return flat;
  const cut = flat.slice(0, SUMMARY_EXCERPT);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

interface SkillRow {
  skill: string;
  proficiency: number | null;
}
interface LanguageRow {
  language: string;
  read: number | null;
  write: number | null;
  speak: number | null;
}

/** Pure: the facets of one owner's sections (tests and the backfill use it directly). */
export function facetsOf(input: {
  jobs: Job[];
  skills: SkillRow[];
  languages: LanguageRow[];
  contact: { city: string; province: string } | undefined;
  summary: string;
  hasVideo: boolean;
  now?: Date;
}): ListingFacets {
  const skills = new Map<string, { skill: string; level: number }>();
  for (const s of input.skills) {
    const norm = normText(s.skill);
    if (norm && !skills.has(norm))
      skills.set(norm, { skill: s.skill.trim(), level: s.proficiency ?? 0 });
  }
  const top = [...skills.values()]
    .map((s, i) => ({ ...s, i }))
    .sort((a, b) => b.level - a.level || a.i - b.i)
    .slice(0, TOP_SKILLS)
    .map((s) => s.skill);
  const langs = new Map<string, { name: string; cefr: CefrLevel | null }>();
  for (const l of input.languages) {
    const norm = normText(l.language);
    if (norm && !langs.has(norm)) langs.set(norm, { name: l.language.trim(), cefr: cefrOf(l) });
  }
  return {
    headline: latestPosition(input.jobs),
    city: (input.contact?.city ?? '').trim().slice(0, 100),
    province: (input.contact?.province ?? '').trim().slice(0, 100),
    years_experience: yearsOfExperience(input.jobs, input.now),
    summary_excerpt: excerptOf(input.summary),
    has_video: input.hasVideo ? 1 : 0,
    top_skills: JSON.stringify(top),
    languages: JSON.stringify([...langs.values()]),
    skills: [...skills].map(([skill_norm, s]) => ({ skill_norm, skill: s.skill.slice(0, 100) })),
    langs: [...langs].map(([language_norm, l]) => ({ language_norm, level: cefrRank(l.cefr) })),
  };
}

/** Reads the owner's sections and computes the listing's facets. */
export async function readFacets(db: Db, userId: string): Promise<ListingFacets> {
  const [jobs, skills, languages, contact, summary, video] = await Promise.all([
    db
      .selectFrom('section_employment_history')
      .select(['position', 'start_date', 'end_date', 'current'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('section_skill')
      .select(['skill', 'proficiency'])
      .where('user_id', '=', userId)
      // The owner's order first (issue 17): the card's top skills and languages are theirs.
      .orderBy('sort_order')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('section_language')
      .select(['language', 'read', 'write', 'speak'])
      .where('user_id', '=', userId)
      .orderBy('sort_order')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('section_contact_info')
      .select(['city', 'province'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .executeTakeFirst(),
    db
      .selectFrom('section_personal_summary')
      .select('content')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .executeTakeFirst(),
    db
      .selectFrom('first_impressions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return facetsOf({
    jobs: jobs.map((j) => ({ ...j, current: Number(j.current) })),
    skills,
    languages,
    contact,
    summary: summary?.content ?? '',
    hasVideo: !!video,
  });
}

/** A listing's skills, as its listing_skills rows hold them (the search tokens include them). */
export async function listingSkills(db: Db, listingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('listing_skills')
    .select('skill')
    .where('listing_id', '=', listingId)
    .execute();
  return rows.map((r) => r.skill);
}

/** The listing-row columns of the facets (the child rows are written separately). */
export function facetColumns(f: ListingFacets) {
  return {
    headline: f.headline,
    city: f.city,
    city_norm: normText(f.city),
    province: f.province,
    province_norm: normText(f.province),
    years_experience: f.years_experience,
    summary_excerpt: f.summary_excerpt,
    has_video: f.has_video,
    top_skills: f.top_skills,
    languages: f.languages,
  };
}
