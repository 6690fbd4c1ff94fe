/** How many of a CV's fields an import found: the bench's measure (bench-import.ts). */
import type { CvInput } from '../src/pdf/pdf-test-kit.ts';

type Rec = Record<string, unknown>;

export interface Score {
  found: number;
  total: number;
  /** The fields not found, "job 3 company" and the like. */
  missed: string[];
}

const fold = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
const month = (v: unknown) => String(v ?? '').slice(0, 7);

/** The found entry that best matches a true one: most of the named fields equal. */
function bestMatch(truth: Rec, found: Rec[], fields: Array<[string, string]>): Rec | undefined {
  let best: Rec | undefined;
  let bestHits = 0;
  for (const f of found) {
    const hits = fields.filter(([t, g]) => fold(truth[t]) && fold(truth[t]) === fold(f[g])).length;
    if (hits > bestHits) [best, bestHits] = [f, hits];
  }
  return best;
}

export function scoreFound(truth: CvInput, found: Partial<Record<string, Rec[]>>): Score {
  const score: Score = { found: 0, total: 0, missed: [] };
  const check = (ok: boolean, what: string) => {
    score.total += 1;
    if (ok) score.found += 1;
    else score.missed.push(what);
  };
  const person = truth['personal-info']?.[0] ?? {};
  const contact = truth['contact-info']?.[0] ?? {};
  const gotPerson = found['personal-info']?.[0] ?? {};
  const gotContact = found['contact-info']?.[0] ?? {};
  check(fold(gotPerson.fullName) === fold(person.fullName), 'name');
  check(fold(gotContact.email) === fold(contact.email), 'email');
  check(fold(gotContact.phone) === fold(contact.phone), 'phone');

  const jobs = found['employment-history'] ?? [];
  (truth['employment-history'] ?? []).forEach((job, i) => {
    const got = bestMatch(job, jobs, [
      ['company', 'company'],
      ['position', 'position'],
    ]);
    check(fold(got?.position) === fold(job.position), `job ${i + 1} title`);
    check(fold(got?.company) === fold(job.company), `job ${i + 1} company`);
    check(!!got && month(got.startDate) === month(job.startDate), `job ${i + 1} start`);
    const endOk = job.current
      ? !!got && (got.current === true || !got.endDate)
      : !!got && month(got.endDate) === month(job.endDate);
    check(endOk, `job ${i + 1} end`);
  });

  const schools = found['tertiary-education'] ?? [];
  (truth['tertiary-education'] ?? []).forEach((edu, i) => {
    const got = bestMatch(edu, schools, [
      ['instituteName', 'instituteName'],
      ['certificationType', 'certificationType'],
    ]);
    check(fold(got?.instituteName) === fold(edu.instituteName), `education ${i + 1} institute`);
    check(
      fold(got?.certificationType) === fold(edu.certificationType),
      `education ${i + 1} qualification`,
    );
  });

  const skills = new Set((found.skill ?? []).map((s) => fold(s.skill)));
  for (const s of truth.skill ?? []) check(skills.has(fold(s.skill)), `skill "${s.skill}"`);
  return score;
}
