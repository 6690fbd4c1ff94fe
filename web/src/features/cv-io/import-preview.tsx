import { visibleText } from '@vitae/core/rich-text';
import type { ImportMode, ImportResult } from './api.ts';

type Section = Omit<ImportResult['sections'][number], 'key'> & { key: string };

/**
 * The sections a preview lists: the file's sections, then its certificates (issue 32), which
 * join the user's certificates as records without a file and never replace them.
 */
export function previewSections(result: ImportResult): Section[] {
  const c = result.certificates;
  if (!c) return result.sections;
  // Never "replaces your N"; "already there" only when some are.
  const certificates: Section = {
    ...c,
    key: 'certificates',
    kind: 'list',
    existing: 0,
    already: c.already || undefined,
  };
  return [...result.sections, certificates];
}

/** Whether the file brings anything Vitae can import. */
export const hasEntries = (result: ImportResult): boolean => previewSections(result).length > 0;

/**
 * The first texts of an entry, enough to recognise it ("Bright Finance · Developer"), as a
 * reader sees them: rich text without its tags ("<p><strong>Led</strong>" reads "Led").
 */
function entryTitle(values: Record<string, unknown>): string {
  const texts = Object.values(values)
    .map((v) => (typeof v === 'string' ? visibleText(v).replace(/\s+/g, ' ').trim() : ''))
    .filter((v) => v !== '');
  const title = texts.slice(0, 2).join(' · ');
  return title.length > 80 ? `${title.slice(0, 79)}…` : title || '(empty entry)';
}

const SHOWN = 3;

/** What a merge (an import into a CV) does with a section: how many new, how many there. */
const mergeWords = (s: Section) =>
  `${s.count} new${s.already ? `, ${s.already} already there` : ''}`;

function SectionPreview({ section, mode }: { section: Section; mode: ImportMode }) {
  const valid = section.entries.filter((e) => !e.errors);
  const refused = section.entries.filter((e) => e.errors);
  const merge = section.already !== undefined;
  const replaces =
    section.existing > 0 &&
    section.count > 0 &&
    (section.kind === 'single' || (!merge && mode === 'replace'));
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid={`import-${section.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold text-slate-900">{section.label}</h3>
        <p className="text-slate-600">
          {merge ? mergeWords(section) : `${section.count} to import`}
          {replaces ? ` (replaces your ${section.existing})` : ''}
        </p>
      </div>
      {valid.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {valid.slice(0, SHOWN).map((e, i) => (
            <li key={i} className="break-words">
              {entryTitle(e.values)}
              {e.already && <span className="text-slate-500"> (already there)</span>}
            </li>
          ))}
          {valid.length > SHOWN && <li>and {valid.length - SHOWN} more</li>}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className="mt-2 space-y-1 text-red-700" aria-label={`${section.label}: not imported`}>
          {refused.map((e, i) => (
            <li key={i} className="break-words">
              Not imported: <span className="font-medium">{entryTitle(e.values)}</span> —{' '}
              {Object.values(e.errors ?? {}).join('; ')}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The entries an import brings, and (for an import into a CV) how many were already there. */
export function importTotals(result: ImportResult) {
  return previewSections(result).reduce(
    (n, s) => ({ fresh: n.fresh + s.count, already: n.already + (s.already ?? 0) }),
    { fresh: 0, already: 0 },
  );
}

/** "3 new entries for your profile, 5 already in it.": what a merge adds to the profile. */
export function mergeSummary(result: ImportResult): string {
  const { fresh, already } = importTotals(result);
  return `${fresh} new ${fresh === 1 ? 'entry' : 'entries'} for your profile, ${already} already in it.`;
}

/** What the file gives each section and what will not be imported and why. */
export function ImportPreview({ result, mode }: { result: ImportResult; mode: ImportMode }) {
  const sections = previewSections(result);
  if (sections.length === 0) {
    return <p>This file has nothing Vitae can import.</p>;
  }
  const merge = result.sections.some((s) => s.already !== undefined);
  return (
    <div className="space-y-3">
      {merge && (
        <p className="font-medium text-slate-900" data-testid="import-merge-summary">
          {mergeSummary(result)}
        </p>
      )}
      <ul className="max-h-[50vh] space-y-2 overflow-y-auto">
        {sections.map((s) => (
          <SectionPreview key={s.key} section={s} mode={mode} />
        ))}
      </ul>
      {result.notes.map((note) => (
        <p key={note} className="text-slate-600">
          {note}
        </p>
      ))}
    </div>
  );
}
