import { visibleText } from '@vitae/core/rich-text';
import type { ImportMode, ImportResult } from './api.ts';

type Section = ImportResult['sections'][number];

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

function SectionPreview({ section, mode }: { section: Section; mode: ImportMode }) {
  const valid = section.entries.filter((e) => !e.errors);
  const refused = section.entries.filter((e) => e.errors);
  const replaces = section.existing > 0 && (mode === 'replace' || section.kind === 'single');
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid={`import-${section.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold text-slate-900">{section.label}</h3>
        <p className="text-slate-600">
          {section.count} to import
          {replaces ? ` (replaces your ${section.existing})` : ''}
        </p>
      </div>
      {valid.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {valid.slice(0, SHOWN).map((e, i) => (
            <li key={i} className="break-words">
              {entryTitle(e.values)}
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

/** What the file gives each section, what will not be imported and why, and Add or Replace. */
export function ImportPreview({
  result,
  mode,
  onMode,
  busy,
}: {
  result: ImportResult;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
  busy: boolean;
}) {
  if (result.sections.length === 0) {
    return <p>This file has nothing Vitae can import.</p>;
  }
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2" disabled={busy}>
        <legend className="mb-1 font-medium text-slate-900">How to import</legend>
        {(
          [
            ['add', 'Add to my CV'],
            ['replace', 'Replace the sections in this file'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="import-mode"
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
              className="size-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <ul className="max-h-[50vh] space-y-2 overflow-y-auto">
        {result.sections.map((s) => (
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
