import { useId } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { useCvVersions } from '../cv/api.ts';
import { useSetListedVersion } from './api.ts';

/**
 * "CV shown to recruiters" (issue 30): which of the user's CV versions the listing shows HR
 * users. Only with more than one CV; the choice is stored at once.
 */
export function ListedVersionSetting({ listedId }: { listedId: string }) {
  const versions = useCvVersions().data;
  const save = useSetListedVersion();
  const id = useId();
  if (!versions || versions.length < 2) return null;
  const value = save.isPending ? save.variables : listedId;
  return (
    <div className="space-y-1 text-sm">
      <label htmlFor={id} className="block font-medium text-slate-800">
        CV shown to recruiters
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => save.mutate(e.target.value)}
        disabled={save.isPending}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
      >
        {versions.map((v) => (
          <option key={v._id} value={v._id}>
            {v.isDefault ? `${v.name} (default)` : v.name}
          </option>
        ))}
      </select>
      {save.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(save.error, 'The CV shown to recruiters could not be changed.')}
        </p>
      )}
    </div>
  );
}
