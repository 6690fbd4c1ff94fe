import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn.ts';

const control =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs placeholder:text-slate-400 transition-colors focus:outline-none focus:ring-3 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm';
const okBorder = 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20';
const errBorder = 'border-red-500 focus:border-red-600 focus:ring-red-600/20';

/** Class names of a text-like control, for custom inputs that should match. */
export function controlClass(invalid = false, extra?: string): string {
  return cn(control, invalid ? errBorder : okBorder, extra);
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Extra text to the right of the label (a link, a counter). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and error message, wired together for screen readers. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  aside,
  children,
  className,
}: FieldFrameProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Content inside the input's right edge (a show/hide button). */
  trailing?: ReactNode;
  fieldClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  aside,
  trailing,
  className,
  fieldClassName,
  ref,
  ...rest
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      aside={aside}
      className={fieldClassName}
    >
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={controlClass(!!error, cn('h-11', trailing ? 'pr-20' : undefined, className))}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  label,
  error,
  hint,
  aside,
  className,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(!!error, cn('min-h-28 py-2.5', className))}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  error,
  hint,
  className,
  ref,
  children,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(!!error, cn('h-11 pr-8', className))}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
