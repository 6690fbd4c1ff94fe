import type { SectionKey } from '@vitae/core/sections/index';
import { errorMessage } from '../../lib/api.ts';
import { useCurrentVersion, useSetEntryIncluded } from '../cv/api.ts';

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
  section: SectionKey;
  entryId: string;
  entryName: string;
}) {
  const { versions, current } = useCurrentVersion();
  const include = useSetEntryIncluded();
  if (!versions || versions.length < 2 || !current) return null;
  // The click shows at once (the versions list follows when its cancelled reads are done).
  const included =
    include.isPending && include.variables.version === current._id
      ? include.variables.included
      : !current.excluded.includes(entryId);
  return (
    <div className="flex flex-col items-start gap-1">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={included}
          onChange={(e) =>
            include.mutate({
              version: current._id,
              section,
              entry: entryId,
              included: e.target.checked,
            })
          }
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
