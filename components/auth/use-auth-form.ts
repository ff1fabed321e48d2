'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { z } from 'zod';
import { isApiError } from '@/lib/api/errors';
import { serverFieldErrors, validateForm, type FieldErrorMap } from '@/contract/field-errors';

/** Romanian fallback for failures that carry no message (network down, unexpected answer). */
export const UNKNOWN_ERROR = 'A apărut o eroare. Vă rugăm să încercați din nou.';

/**
 * What a submit handler may return: 'redirecting' keeps the form busy while the page is left; 'reset' empties
 * the form (e.g. passwords after a change).
 */
export type SubmitOutcome = void | 'redirecting' | 'reset';

/**
 * Turns a failed submit into messages for the form: a 422's field errors go next to their fields (known
 * fields) or to the form; any other ApiError shows its Romanian pretty message; anything else a generic one.
 */
export function errorsFromFailure(error: unknown, fields: readonly string[]): FieldErrorMap {
  if (isApiError(error)) {
    const mapped = serverFieldErrors(error.fieldErrors, fields);
    if (Object.keys(mapped).length > 0) return mapped;
    return { form: error.prettyMessage || UNKNOWN_ERROR };
  }
  return { form: UNKNOWN_ERROR };
}

/**
 * The form's zod schema, or a function that loads it (`() => import('@/lib/validation/auth').then((m) => m.loginSchema)`):
 * a loaded schema keeps zod out of the page's first-load JavaScript. Loading starts at the first edit, so it is
 * usually there by the time the form is submitted.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

function resolveSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  return typeof source === 'function' ? (source as () => Promise<S>)() : Promise.resolve(source);
}

type Options<S extends z.ZodType, V extends Record<string, unknown>> = {
  schema: SchemaSource<S>;
  initialValues: V;
  /** The form element: after a failed submit the first invalid input inside it receives focus. */
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (data: z.output<S>) => Promise<SubmitOutcome> | SubmitOutcome;
};

/**
 * State of one auth form: values (never cleared on error), one message per field, the pending flag, and a
 * submit handler that validates with the zod schema (loaded on demand, see SchemaSource), calls `onSubmit`, and
 * maps failures onto the fields.
 * After an error the first invalid input receives focus.
 */
export function useAuthForm<S extends z.ZodType, V extends Record<string, unknown>>({
  schema,
  initialValues,
  formRef,
  onSubmit,
}: Options<S, V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [pending, setPending] = useState(false);
  const focusPending = useRef(false);
  const submitting = useRef(false);
  const [initialValuesRef] = useState(() => ({ current: initialValues }));
  const schemaRequested = useRef(false);

  /** Starts loading a lazily loaded schema (once); errors surface at submit. */
  const prepareSchema = useCallback(() => {
    if (schemaRequested.current || typeof schema !== 'function') return;
    schemaRequested.current = true;
    resolveSchema(schema).catch(() => {
      schemaRequested.current = false;
    });
  }, [schema]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else formRef.current?.querySelector<HTMLElement>('[data-form-error]')?.focus();
  }, [errors, formRef]);

  const setField = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    prepareSchema();
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev) && !('form' in prev)) return prev;
      const next = { ...prev };
      delete next[name as string];
      delete next.form;
      return next;
    });
  }, [prepareSchema]);

  const showErrors = useCallback((next: FieldErrorMap) => {
    focusPending.current = true;
    setErrors(next);
  }, []);

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (submitting.current) return;
      submitting.current = true;
      let resolved: S;
      try {
        resolved = await resolveSchema(schema);
      } catch {
        // The validation chunk could not load (offline, new deploy): nothing was sent.
        submitting.current = false;
        showErrors({ form: UNKNOWN_ERROR });
        return;
      }
      const result = validateForm(resolved, values);
      if (!result.success) {
        submitting.current = false;
        showErrors(result.errors);
        return;
      }
      setPending(true);
      setErrors({});
      let keepPending = false;
      try {
        const outcome = await onSubmit(result.data);
        keepPending = outcome === 'redirecting';
        if (outcome === 'reset') setValues(initialValuesRef.current);
      } catch (error) {
        showErrors(errorsFromFailure(error, Object.keys(values)));
      } finally {
        if (!keepPending) {
          submitting.current = false;
          setPending(false);
        }
      }
    },
    [schema, values, onSubmit, showErrors, initialValuesRef],
  );

  return { values, setField, errors, setErrors: showErrors, pending, handleSubmit };
}
