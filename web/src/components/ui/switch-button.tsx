import { cn } from '../../lib/cn.ts';

/** A labelled on/off switch (role switch), e.g. the HR Dashboard / CV Dashboard switch. */
export function SwitchButton({
  label,
  checked,
  onChange,
  disabled,
  className,
  accessibleName,
  plain = false,
}: {
  /** The visible text; also the accessible name unless `accessibleName` is given. */
  label: string;
  /** A fuller name for screen readers ("Show Skills on the CV" beside a visible "Shown"). */
  accessibleName?: string;
  /** Without the button's border and shadow (a switch inside a list row). */
  plain?: boolean;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={accessibleName}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'inline-flex h-10 items-center gap-2.5 rounded-lg text-sm disabled:opacity-55',
        plain
          ? 'px-2 font-medium text-slate-700 hover:bg-slate-100'
          : 'border border-slate-300 bg-white px-3 font-semibold text-slate-800 shadow-sm hover:bg-slate-50',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            checked && 'translate-x-4',
          )}
        />
      </span>
      {label}
    </button>
  );
}
