'use client';

import { useEffect, useRef, useState } from 'react';

type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * Values and per-field messages of a plain form of text fields (profile, contact): `bind(field)` gives a
 * TextField/SelectField/TextareaField its name, value, error and onChange (an edit clears that field's message
 * and calls `onEdit`); `refuse(errors)` shows the messages of a refused submit and moves focus to the first
 * invalid field once it is rendered as invalid.
 */
export function useFieldForm<V extends Record<string, string>>(initial: V | (() => V), options: { onEdit?: () => void } = {}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const bind = <K extends keyof V & string>(field: K) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
      options.onEdit?.();
    },
  });

  const refuse = (next: FieldErrors<V>) => {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  };

  return { values, setValues, errors, setErrors, formRef, bind, refuse };
}
