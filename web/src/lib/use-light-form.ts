import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

type StringFields = Record<string, string>;
export type LightErrors<T> = Partial<Record<keyof T, { message?: string }>>;

export interface LightForm<T extends StringFields> {
  register: (name: keyof T & string) => {
    name: string;
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    ref: (el: HTMLInputElement | null) => void;
  };
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (e?: FormEvent) => Promise<void>;
  watch: <K extends keyof T>(names: readonly K[]) => string[];
  getValues: (name: keyof T) => string;
  setError: (name: keyof T, error: { message: string }) => void;
  formState: { errors: LightErrors<T>; isSubmitting: boolean };
}

/**
 * A small react-hook-form look-alike for the budget-bound public forms (login, sign-up,
 * forgot password): text fields only, validated by a react-hook-form resolver (zodResolver),
 * errors re-checked on change after the first submit. Signed-in screens use react-hook-form.
 */
export function useLightForm<T extends StringFields>({
  defaultValues,
  resolver,
}: {
  defaultValues: T;
  resolver: Resolver<T & FieldValues>;
}): LightForm<T> {
  const [values, setValues] = useState<T>(defaultValues);
  const [errors, setErrors] = useState<LightErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const refs = useRef(new Map<string, HTMLInputElement>());

  /** Runs the resolver, shows its errors, and returns the parsed values or null. */
  const validate = useCallback(
    async (v: T): Promise<{ ok: T | null; invalid: string[] }> => {
      const res = await resolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
      const errs = (res.errors ?? {}) as LightErrors<T>;
      setErrors(errs);
      const invalid = Object.keys(errs);
      return { ok: invalid.length ? null : (res.values as T), invalid };
    },
    [resolver],
  );

  const register: LightForm<T>['register'] = (name) => ({
    name,
    value: values[name] ?? '',
    onChange: (e) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted.current) void validate(next);
      else if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
    },
    ref: (el) => {
      if (el) refs.current.set(name, el);
      else refs.current.delete(name);
    },
  });

  const handleSubmit: LightForm<T>['handleSubmit'] = (onValid) => async (e) => {
    e?.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const { ok, invalid } = await validate(values);
      if (ok) {
        await onValid(ok);
        return;
      }
      // Move focus to the first invalid field, in the form's order.
      const first = Object.keys(values).find((k) => invalid.includes(k));
      if (first) refs.current.get(first)?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return {
    register,
    handleSubmit,
    watch: (names) => names.map((n) => values[n] ?? ''),
    getValues: (name) => values[name] ?? '',
    setError: (name, error) => setErrors((prev) => ({ ...prev, [name]: error })),
    formState: { errors, isSubmitting },
  };
}
