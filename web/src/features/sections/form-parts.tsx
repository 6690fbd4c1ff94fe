import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { visibleText } from '@vitae/core/rich-text';
import { LazyRichTextField } from '../rich-text/index.ts';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { cn } from '../../lib/cn.ts';
import type { SectionForm } from './section-ui.ts';

/*
 * Form controls bound to a section form by field name: each shows its label, its
 * message from the core schema or the server, and is registered with react-hook-form.
 */

export function fieldError(form: SectionForm, name: string): string | undefined {
  const e = form.formState.errors[name];
  return typeof e?.message === 'string' ? e.message : undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id'>;

export function Text({
  form,
  name,
  label,
  hint,
  required,
  ...rest
}: InputProps & { form: SectionForm; name: string; label: string; hint?: ReactNode }) {
  return (
    <TextField
      label={required ? <RequiredLabel text={label} /> : label}
      error={fieldError(form, name)}
      hint={hint}
      aria-required={required || undefined}
      {...rest}
      {...form.register(name)}
    />
  );
}

function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
}

/** A character counter "12/1000" that turns red over the limit. */
function Counter({ form, name, max }: { form: SectionForm; name: string; max: number }) {
  const value: unknown = useWatch({ control: form.control, name });
  // Rich text counts what a reader sees, as the limit does; plain text is its own length.
  const n = typeof value === 'string' ? visibleText(value).length : 0;
  return (
    <span className={cn('text-xs tabular-nums', n > max ? 'text-red-700' : 'text-slate-600')}>
      {n}/{max}
    </span>
  );
}

/**
 * A rich text field (descriptions, additional info, the summary): the lazily loaded editor with
 * its toolbar, labelled, counted on its visible text and bound to the form like the other fields.
 */
export function Rich({
  form,
  name,
  label,
  max,
  required,
  rows = 4,
  placeholder,
}: {
  form: SectionForm;
  name: string;
  label: string;
  max: number;
  required?: boolean;
  rows?: number;
  placeholder?: string;
}) {
  const id = useId();
  const { field } = useController({ control: form.control, name });
  const error = fieldError(form, name);
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <div
          id={`${id}-label`}
          className="block text-sm font-medium text-slate-800"
          onClick={() => document.getElementById(id)?.focus()}
        >
          {required ? <RequiredLabel text={label} /> : label}
        </div>
        <Counter form={form} name={name} max={max} />
      </div>
      <LazyRichTextField
        id={id}
        labelId={`${id}-label`}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
        required={required}
        placeholder={placeholder}
        rows={rows}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A 1..5 select whose options say what each level means ("4 - Experienced"). */
export function Rating({
  form,
  name,
  label,
  labels,
}: {
  form: SectionForm;
  name: string;
  label: string;
  labels: Record<number, string>;
}) {
  return (
    <SelectField label={label} error={fieldError(form, name)} {...form.register(name)}>
      {/* An imported entry may have no level yet; it stays unrated until one is chosen. */}
      <option value={0}>Not rated</option>
      {[1, 2, 3, 4, 5].map((n) => (
        <option key={n} value={n}>
          {n} - {labels[n]}
        </option>
      ))}
    </SelectField>
  );
}

export function Check({
  form,
  name,
  label,
  hint,
}: {
  form: SectionForm;
  name: string;
  label: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** Two columns from the small breakpoint up; one on phones. */
export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
