import { VERSION_MESSAGES, VERSIONS_MAX } from '@vitae/core/versions';
import type { CvVersion } from '../cv/api.ts';
import type { ImportHow } from './api.ts';

const radioClass = 'size-4 shrink-0 accent-brand-600';

/**
 * How to import (issue 30): as a new CV, onto the layout of one of the user's CVs (when the
 * file is a Vitae export, which carries one), or added to or replacing sections as before.
 * Native radios and a select: arrow keys move between the choices, Tab reaches the select.
 */
export function ImportChoice({
  how,
  onHow,
  hasLayout,
  versions,
  versionsFailed,
  versionId,
  onVersion,
  busy,
}: {
  how: ImportHow;
  onHow: (how: ImportHow) => void;
  /** The file carries a Vitae layout (`meta.vitae.layout`). */
  hasLayout: boolean;
  /** The user's CVs; undefined while they load. */
  versions: readonly CvVersion[] | undefined;
  versionsFailed: boolean;
  versionId: string | null;
  /** A CV picked in the select (which also chooses "Update the layout of"). */
  onVersion: (id: string) => void;
  busy: boolean;
}) {
  const atCap = (versions?.length ?? 0) >= VERSIONS_MAX;
  const option = (value: ImportHow, label: string, disabled = false, describedBy?: string) => (
    <label className="inline-flex items-center gap-2">
      <input
        type="radio"
        name="import-how"
        value={value}
        checked={how === value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={() => onHow(value)}
        className={radioClass}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-2" disabled={busy}>
      <legend className="mb-1 font-medium text-slate-900">How to import</legend>
      <div>
        {option('new', 'Import as a new CV', atCap, 'import-new-hint')}
        <p id="import-new-hint" className="ml-6 text-sm text-slate-600">
          {atCap
            ? VERSION_MESSAGES.tooMany
            : 'A CV of its own with this file’s layout and only its entries. Entries you already have are not added twice.'}
        </p>
      </div>
      {hasLayout && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {option('version', 'Update the layout of', !versions?.length)}
          {versions ? (
            <select
              aria-label="CV whose layout to update"
              value={versionId ?? ''}
              onChange={(e) => onVersion(e.target.value)}
              className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 sm:max-w-[16rem]"
            >
              {versions.map((v) => (
                <option key={v._id} value={v._id}>
                  {v.isDefault ? `${v.name} (default)` : v.name}
                </option>
              ))}
            </select>
          ) : versionsFailed ? (
            <span className="text-sm text-red-700">Your CVs could not be loaded.</span>
          ) : (
            <span className="text-sm text-slate-500">Loading your CVs...</span>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {option('add', 'Add to my CV')}
        {option('replace', 'Replace the sections in this file')}
      </div>
    </fieldset>
  );
}
