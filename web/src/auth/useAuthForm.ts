/**
 * A small form state for the sign-in screen's forms (email, password, code fields), shaped like the
 * part of react-hook-form they used (`register`, `handleSubmit`, `getValues`, `formState.errors`,
 * `formState.isSubmitting`), without loading it on /auth.
 *
 * Fields are checked on submit with a {@link FormCheck}, then again on every change once a submit
 * was tried; after a failed check the first field in error gets the focus.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormCheck } from './schemas';

/** What `register(name)` hands to an input. */
export interface RegisteredField<N extends string = string> {
  name: N;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
}

export function useAuthForm<V extends Record<string, string>>(check: FormCheck<V>, defaultValues: V) {
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V, { message: string }>>>({});
  const [tried, setTried] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());

  const show = (outcome: ReturnType<FormCheck<V>>) =>
    setErrors(
      outcome.ok
        ? {}
        : (Object.fromEntries(Object.entries(outcome.errors).map(([k, m]) => [k, { message: m }])) as Partial<
            Record<keyof V, { message: string }>
          >),
    );

  const register = <N extends keyof V & string>(name: N): RegisteredField<N> => ({
    name,
    value: values[name] ?? '',
    onChange: (event) => {
      const next = { ...latest.current, [name]: event.target.value };
      latest.current = next;
      setValues(next);
      if (tried) show(check(next));
    },
    ref: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  const handleSubmit = (onValid: (values: V) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSubmitting) return;
    setTried(true);
    const outcome = check(latest.current);
    show(outcome);
    if (!outcome.ok) {
      const first = Object.keys(latest.current).find((k) => outcome.errors[k as keyof V]);
      if (first) inputs.current.get(first as keyof V)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(outcome.values);
    } finally {
      setSubmitting(false);
    }
  };

  const getValues = <N extends keyof V>(name: N): V[N] => latest.current[name];

  return { register, handleSubmit, getValues, formState: { errors, isSubmitting } };
}
