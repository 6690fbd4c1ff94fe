import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useCurrentVersion, useShowVersion } from './versions.ts';

/**
 * "CV": which of the user's CV versions the builder, the preview, View CV and the downloads
 * work on (issue 30), and the way to My CVs. Choosing one fetches its CV.
 */
export function VersionSwitcher({ className }: { className?: string }) {
  const { query, versions, current } = useCurrentVersion();
  const show = useShowVersion();

  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', className)}>
      {versions && current ? (
        <label className="flex items-center gap-2 text-slate-700">
          CV
          <select
            value={current._id}
            onChange={(e) => void show(e.target.value)}
            className="max-w-[14rem] rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
          >
            {versions.map((v) => (
              <option key={v._id} value={v._id}>
                {v.isDefault ? `${v.name} (default)` : v.name}
              </option>
            ))}
          </select>
        </label>
      ) : query.isError ? (
        <span className="text-red-700">Your CVs could not be loaded.</span>
      ) : (
        <span className="text-slate-500">Loading your CVs...</span>
      )}
      <Link to="/app/my-cvs" className="font-medium text-brand-700 hover:underline">
        Manage CVs
      </Link>
    </div>
  );
}
