import { NavLink, useNavigate } from 'react-router';
import { indicatorFor } from '@vitae/core/section-status';
import { SelectField } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import { useStatuses } from '../sections/api.ts';
import { BUILDER_TABS, builderLink, confirmLeave, StatusBadge } from '../sections/index.ts';

/** Desktop: a sidebar of every section with its indicator. */
export function BuilderSidebar({ current }: { current?: string }) {
  const statuses = useStatuses(BUILDER_TABS.map((t) => t.status));
  return (
    <nav aria-label="CV sections" className="sticky top-6">
      <ul className="space-y-0.5">
        {BUILDER_TABS.map((t, i) => {
          const s = statuses[i];
          const active = t.tab === current;
          return (
            <li key={t.tab}>
              <NavLink
                to={builderLink(t.tab)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {/* Long titles wrap ("Personal Information" in the 15rem column), never cut. */}
                <span className="min-w-0 break-words">{t.title}</span>
                <StatusBadge
                  indicator={indicatorFor(t.status, s?.data)}
                  loading={s?.isPending}
                  className="shrink-0 px-2 text-[11px]"
                />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Phones: a section picker that navigates on change. */
export function BuilderSelect({ current }: { current?: string }) {
  const navigate = useNavigate();
  return (
    <SelectField
      label="Go to section"
      value={current ?? ''}
      onChange={(e) => {
        const to = builderLink(e.target.value);
        confirmLeave(() => void navigate(to));
      }}
    >
      {!current && <option value="">Choose a section</option>}
      {BUILDER_TABS.map((t) => (
        <option key={t.tab} value={t.tab}>
          {t.title}
        </option>
      ))}
    </SelectField>
  );
}
