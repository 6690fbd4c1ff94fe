import { useEffect, useId, useState, type FormEvent } from 'react';
import { BROWSE_MAX_SKILLS } from '@vitae/core/hr';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useSkillSuggestions } from './api.ts';
import { activeFilterCount, CEFR_LEVELS, PROVINCES, type BrowseFilters } from './browse-query.ts';

/** Typing pauses this long before the server (or the URL) is asked. */
export const TYPING_PAUSE_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * A text filter typed freely and committed after a pause; it follows the URL when that
 * changes under it (back, forward, a bookmark).
 */
function PausedTextField({
  label,
  value,
  onCommit,
  ...rest
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  placeholder?: string;
  type?: string;
  maxLength?: number;
}) {
  const [text, setText] = useState(value);
  const paused = useDebounced(text, TYPING_PAUSE_MS);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (paused.trim() !== value) onCommit(paused.trim());
    // Only a pause in typing commits; a new `value` from the URL resets the text above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused]);
  return (
    <TextField label={label} value={text} onChange={(e) => setText(e.target.value)} {...rest} />
  );
}

/** Skills as removable chips, added from suggestions of what is listed. */
function SkillPicker({
  skills,
  mode,
  onChange,
}: {
  skills: string[];
  mode: BrowseFilters['skillMode'];
  onChange: (patch: Pick<BrowseFilters, 'skills'> | Pick<BrowseFilters, 'skillMode'>) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const suggestions = useSkillSuggestions(useDebounced(text, TYPING_PAUSE_MS));
  const full = skills.length >= BROWSE_MAX_SKILLS;
  const add = (e?: FormEvent) => {
    e?.preventDefault();
    const skill = text.trim();
    if (!skill || full) return;
    if (!skills.some((s) => s.toLowerCase() === skill.toLowerCase())) {
      onChange({ skills: [...skills, skill] });
    }
    setText('');
  };
  return (
    <div className="space-y-2 sm:col-span-2">
      <form onSubmit={add} className="flex items-end gap-2">
        <TextField
          label="Skills"
          fieldClassName="min-w-0 flex-1"
          value={text}
          list={listId}
          maxLength={100}
          disabled={full}
          placeholder={full ? `Up to ${BROWSE_MAX_SKILLS} skills` : 'e.g. Python'}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" disabled={full || !text.trim()}>
          Add
        </Button>
        <datalist id={listId}>
          {(suggestions.data ?? []).map((s) => (
            <option key={s.skill} value={s.skill}>
              {`${s.count}${s.count >= 1000 ? '+' : ''} listed`}
            </option>
          ))}
        </datalist>
      </form>
      {skills.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <ul aria-label="Chosen skills" className="flex flex-wrap gap-1.5">
            {skills.map((s) => (
              <li
                key={s}
                className="flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800"
              >
                <span className="truncate">{s}</span>
                <button
                  type="button"
                  className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100 focus:ring-2 focus:ring-brand-600 focus:outline-none"
                  aria-label={`Remove skill ${s}`}
                  onClick={() => onChange({ skills: skills.filter((x) => x !== s) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {skills.length > 1 && (
            <SelectField
              label="Match"
              className="w-40"
              value={mode}
              onChange={(e) =>
                onChange({ skillMode: e.target.value as BrowseFilters['skillMode'] })
              }
            >
              <option value="any">Any of these</option>
              <option value="all">All of these</option>
            </SelectField>
          )}
        </div>
      )}
    </div>
  );
}

const YEARS = [1, 2, 3, 5, 10, 15, 20];

/** Every browse filter but the search; each change is one history entry. */
export function BrowseFiltersPanel({
  filters: f,
  onChange,
}: {
  filters: BrowseFilters;
  onChange: (patch: Partial<BrowseFilters>) => void;
}) {
  const active = activeFilterCount(f);
  // Open at first when filters are set; after that it stays as the user left it (removing the
  // last filter does not close it under their hands).
  const [open, setOpen] = useState(active > 0);
  return (
    <details
      className="group rounded-xl border border-slate-200 bg-white p-4"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">
        Filters{active > 0 ? ` (${active})` : ''}
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SkillPicker skills={f.skills} mode={f.skillMode} onChange={onChange} />
        <PausedTextField
          label="Language"
          value={f.language}
          maxLength={50}
          placeholder="e.g. isiZulu"
          onCommit={(language) => onChange({ language })}
        />
        <SelectField
          label="Minimum level (CEFR)"
          value={f.languageLevel}
          onChange={(e) =>
            onChange({ languageLevel: e.target.value as BrowseFilters['languageLevel'] })
          }
        >
          <option value="">Any level</option>
          {CEFR_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Province"
          value={f.province}
          onChange={(e) => onChange({ province: e.target.value })}
        >
          <option value="">Any province</option>
          {PROVINCES.map((p) => (
            <option key={p}>{p}</option>
          ))}
          {f.province && !(PROVINCES as readonly string[]).includes(f.province) && (
            <option>{f.province}</option>
          )}
        </SelectField>
        <PausedTextField
          label="City"
          value={f.city}
          maxLength={100}
          placeholder="e.g. Durban"
          onCommit={(city) => onChange({ city })}
        />
        <SelectField
          label="Experience"
          value={String(f.minYears)}
          onChange={(e) => onChange({ minYears: Number(e.target.value) })}
        >
          <option value="0">Any experience</option>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {`${y}+ year${y === 1 ? '' : 's'}`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Gender"
          value={f.gender}
          onChange={(e) => onChange({ gender: e.target.value as BrowseFilters['gender'] })}
        >
          <option value="all">All genders</option>
          <option value="male">Male</option>
          <option value="female">Female</option>
          <option value="other">Other</option>
        </SelectField>
        <div className="flex flex-col justify-end gap-2 text-sm font-medium text-slate-800">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={f.hasVideo}
              onChange={(e) => onChange({ hasVideo: e.target.checked })}
              className="size-4"
            />
            Has a video introduction
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={f.savedOnly}
              onChange={(e) => onChange({ savedOnly: e.target.checked })}
              className="size-4"
            />
            Show saved only
          </label>
        </div>
      </div>
    </details>
  );
}
