import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SECTIONS } from '@vitae/core/sections/index';
import { ApiError } from '../../lib/api.ts';
import type { SectionUi } from './section-ui.ts';

/** Entry -> form values: the section's own fields, with the defaults where missing. */
export function formValuesOf(ui: SectionUi, entry?: Record<string, unknown>): FieldValues {
  const defaults = SECTIONS[ui.key].defaults as unknown as Record<string, unknown>;
  const base: FieldValues = {};
  for (const f of Object.keys(SECTIONS[ui.key].columns)) base[f] = entry?.[f] ?? defaults[f];
  return ui.toForm ? ui.toForm(base) : base;
}

const renamed = (errors: FieldErrors, map: Record<string, string> = {}): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [map[k] ?? k, v])) as FieldErrors;

/**
 * The core schema validates the payload made from the form values; its messages land on
 * the form's fields. On success the handler receives the parsed payload (trimmed, coerced).
 */
function sectionResolver(ui: SectionUi): Resolver<FieldValues> {
  const schema = SECTIONS[ui.key].schema as unknown as z.ZodObject;
  const resolve = zodResolver(schema) as unknown as Resolver<FieldValues>;
  return async (values, ctx, options) => {
    const payload = ui.toPayload ? ui.toPayload(values) : values;
    const result = await resolve(payload, ctx, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: renamed(result.errors, ui.formField) };
  };
}

/** Brings the first invalid field (in the form's order) into view and focuses it. */
export function revealFirstInvalid(root: HTMLElement | null, names: string[]): void {
  if (!root || names.length === 0) return;
  const fields = root.querySelectorAll<HTMLElement>('input[name], select[name], textarea[name]');
  const first = Array.from(fields).find((el) => names.includes(el.getAttribute('name') ?? ''));
  if (!first) return;
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  first.focus({ preventScroll: true });
}

/** A section's react-hook-form, validated with core's schema, plus server-error mapping. */
export function useSectionForm(ui: SectionUi) {
  const resolver = useMemo(() => sectionResolver(ui), [ui]);
  const empty = useMemo(() => formValuesOf(ui), [ui]);
  const form = useForm<FieldValues>({ resolver, defaultValues: empty, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);

  const onInvalid = (errors: FieldErrors) =>
    revealFirstInvalid(formRef.current, Object.keys(errors));

  /** Puts a failed save's field messages on the fields; true when any was shown. */
  const showServerErrors = (e: unknown): boolean => {
    if (!(e instanceof ApiError)) return false;
    const names = Object.keys(form.getValues());
    const shown: string[] = [];
    for (const [field, message] of Object.entries(e.fieldErrors)) {
      const name = ui.formField?.[field] ?? field;
      if (!names.includes(name)) continue;
      form.setError(name, { type: 'server', message });
      shown.push(name);
    }
    revealFirstInvalid(formRef.current, shown);
    return shown.length > 0;
  };

  /**
   * Fills the form with a stored entry and shows what a rule added since it was saved finds
   * wrong ("Date of birth cannot be in the future"): the value stays, with its message.
   */
  const loadStored = (entry: Record<string, unknown>) => {
    form.reset(formValuesOf(ui, entry));
    void form.trigger();
  };

  // Until the first save, a field's message from loadStored goes as soon as the field changes
  // (react-hook-form only re-validates on change after a submit).
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name && !form.formState.isSubmitted && form.getFieldState(name).error) {
        form.clearErrors(name);
      }
    });
    return () => sub.unsubscribe();
  }, [form]);

  return { form, formRef, empty, onInvalid, showServerErrors, loadStored };
}

/**
 * The message a failed save shows (docs/product/builder.md#save-failures): fixed, else the
 * server's, else fallback.
 */
export function saveErrorOf(ui: SectionUi, e: unknown): string {
  // No connection: say so, whatever the section's fixed message (the form keeps what was typed).
  if (e instanceof ApiError && e.status === 0) return e.message;
  if (ui.saveError) return ui.saveError;
  // A server failure reads as the section's own "Failed to save …", not the server's words.
  if (e instanceof ApiError && e.status < 500 && e.message) return e.message;
  return ui.saveFallback ?? `Failed to save ${ui.noun}. Please try again.`;
}
