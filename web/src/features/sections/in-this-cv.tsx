import { useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { useCurrentVersion, useSetEntryIncluded, type EntryInclusion } from '../cv/api.ts';

/**
 * "In this CV" (issue 30): whether an entry shows in the CV version the builder works on. Only
 * for users with more than one CV: with one, every entry is in it. The switch moves at once; a
 * refusal puts it back and says so.
 */
export function InThisCv({
  section,
  entryId,
  entryName,
}: {
  /** A list section, or 'custom' for an entry of the user's own sections. */
  section: EntryInclusion['section'];
  entryId: string;
  entryName: string;
}) {
  const { versions, current } = useCurrentVersion();
  const include = useSetEntryIncluded();
  // The click shows in the same render as the click (a controlled box would otherwise spring
  // back until the mutation's state arrives), until the server has answered.
  const [clicked, setClicked] = useState<{ version: string; included: boolean } | null>(null);
  if (!versions || versions.length < 2 || !current) return null;
  const included =
    clicked?.version === current._id ? clicked.included : !current.excluded.includes(entryId);
  return (
    <div className="flex flex-col items-start gap-1">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={included}
          onChange={(e) => {
            const next = { version: current._id, included: e.target.checked };
            setClicked(next);
            include.mutate(
              { ...next, section, entry: entryId },
              { onSettled: () => setClicked(null) },
            );
          }}
          aria-label={`${entryName}: in this CV (${current.name})`}
          className="size-4 accent-brand-600"
        />
        In this CV
      </label>
      {include.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(include.error, 'This CV could not be changed. Please try again.')}
        </p>
      )}
    </div>
  );
}
