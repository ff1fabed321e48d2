'use client';

import { useWatch, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';
import { RadioGroup, type RadioOption } from '@/components/ui/radio-group';
import type { SchemaForm } from '@/lib/forms/use-schema-form';

type Props<V extends FieldValues, Out> = {
  form: SchemaForm<V, Out>;
  name: FieldPath<V>;
  legend: string;
  options: RadioOption[];
  inline?: boolean;
  required?: boolean;
};

/** Radio buttons bound to a form field (a controlled widget: its value and message come from the form). */
export function FormRadioGroup<V extends FieldValues, Out>({ form, name, ...rest }: Props<V, Out>) {
  const value = useWatch({ control: form.control, name });
  return (
    <RadioGroup
      {...rest}
      name={name}
      value={String(value ?? '')}
      onChange={(next) => form.change(name, next as PathValue<V, FieldPath<V>>)}
      error={form.errorOf(name)}
    />
  );
}
