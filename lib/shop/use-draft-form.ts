'use client';

import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf } from '@/contract/field-errors';
import { getIn, setIn } from './paths';
import { useFormDraft } from './use-form-draft';

type Schema<Out> = z.ZodType<Out>;

/** The schema, built now or loaded on demand (`() => import('…/rca').then((m) => m.rcaInputSchema())`). */
type SchemaFactory<Out> = () => Schema<Out> | Promise<Schema<Out>>;

/** Shown when the validation code cannot be loaded (offline, new deploy); nothing is sent. */
export const VALIDATION_UNAVAILABLE = 'Nu am putut verifica datele. Verificați conexiunea și încercați din nou.';

export type FieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error?: string;
};

/**
 * A purchase form whose values live in a sessionStorage draft (use-form-draft.ts) and whose errors come
 * from the product's zod schema, or from the backend's 422 (same dotted paths). The schema may be loaded on
 * demand (the shops do, so zod is not in the product pages' first-load JavaScript): validation is asynchronous,
 * and the first blur starts the load.
 */
export function useDraftForm<Values, Out>(options: {
  draftKey: string;
  defaults: Values | (() => Values);
  schema: SchemaFactory<Out>;
  overrideOnce?: (values: Values) => Values;
  /** Applied to every typed value of these paths (SPEC §5: plates and VINs in upper case). */
  uppercase?: readonly string[];
}) {
  const { draftKey, defaults, schema, overrideOnce, uppercase = [] } = options;
  const [values, setValues, clear] = useFormDraft<Values>(draftKey, defaults, overrideOnce);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const setValue = useCallback(
    (path: string, value: unknown) => {
      const next = typeof value === 'string' && uppercase.includes(path) ? value.toUpperCase() : value;
      setValues((previous) => setIn(previous, path, next));
      setErrors((previous) => {
        if (!(path in previous)) return previous;
        const copy = { ...previous };
        delete copy[path];
        return copy;
      });
    },
    [setValues, uppercase],
  );

  /** Re-checks one field against the whole schema (cross-field rules included). */
  const validateField = useCallback(
    async (path: string) => {
      let parser: Schema<Out>;
      try {
        parser = await schema();
      } catch {
        return; // could not load: the submit reports it
      }
      const result = parser.safeParse(values);
      const message = result.success ? undefined : fieldErrorsOf(result.error)[path];
      setErrors((previous) => {
        if (previous[path] === message) return previous;
        const copy = { ...previous };
        if (message) copy[path] = message;
        else delete copy[path];
        return copy;
      });
    },
    [schema, values],
  );

  /**
   * Validates everything; resolves to the parsed output or null (errors shown, first invalid field focused).
   */
  const validate = useCallback(async (): Promise<Out | null> => {
    // Rejects when the schema cannot be loaded: callers show VALIDATION_UNAVAILABLE and send nothing.
    const result = (await schema()).safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = fieldErrorsOf(result.error);
    setErrors(found);
    focusFirstError(Object.keys(found));
    return null;
  }, [schema, values]);

  const field = useCallback(
    (path: string): FieldProps => {
      const raw = getIn(values, path);
      return {
        name: path,
        value: raw === undefined || raw === null ? '' : String(raw),
        onChange: (event) => setValue(path, event.target.value),
        onBlur: () => {
          setTouched((t) => (t[path] ? t : { ...t, [path]: true }));
          void validateField(path);
        },
        error: errors[path],
      };
    },
    [values, errors, setValue, validateField],
  );

  /** Field errors from the backend (422), shown on the same fields. */
  const setServerErrors = useCallback((fieldErrors: Record<string, string[]>) => {
    const mapped: Record<string, string> = {};
    for (const [path, messages] of Object.entries(fieldErrors)) {
      if (messages[0]) mapped[path.replace(/^input\./, '')] = messages[0];
    }
    setErrors(mapped);
    focusFirstError(Object.keys(mapped));
  }, []);

  return { values, setValues, setValue, field, errors, setErrors, setServerErrors, validate, clear, touched };
}

function focusFirstError(paths: string[]) {
  if (typeof document === 'undefined') return;
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[name]'))) {
    const name = element.getAttribute('name');
    if (name && paths.includes(name)) {
      // Brought into view too (below the sticky header: the page's scroll padding), even when a smooth scroll of
      // the page is still under way.
      element.focus({ preventScroll: true });
      element.scrollIntoView?.({ block: 'center', behavior: 'instant' });
      return;
    }
  }
}
