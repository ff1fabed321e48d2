'use client';

import { useState } from 'react';
import { FORM_ERROR, useSchemaForm } from '@/lib/forms/use-schema-form';
import type { ChangePasswordValues } from '@/lib/validation/auth';
import { AuthField } from './auth-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadChangePasswordSchema = () => import('@/lib/validation/auth').then((m) => m.changePasswordSchema);

type Props = { onSubmit: (values: ChangePasswordValues) => Promise<void> };

/** Change the password of the signed-in user; the inputs are emptied after the change. */
export function ChangePasswordForm({ onSubmit }: Props) {
  const [done, setDone] = useState(false);
  const form = useSchemaForm({
    schema: loadChangePasswordSchema,
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  return (
    <form
      onSubmit={form.submit(async (values) => {
        setDone(false);
        await onSubmit(values);
        setDone(true);
        return 'reset' as const;
      })}
      // Any edit withdraws the confirmation: what is typed now has not been saved.
      onChange={() => setDone(false)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Schimbați parola"
    >
      <FormError message={form.errorOf(FORM_ERROR)} />
      <AuthField
        id="change-current-password"
        type="password"
        label="Parola actuală"
        autoComplete="current-password"
        required
        {...form.bind('current_password')}
      />
      <NewPasswordFields idPrefix="change" label="Parola nouă" confirmationLabel="Confirmați parola nouă" bind={form.bind} />
      <p role="status" aria-live="polite" className="text-sm font-medium text-success">
        {done ? 'Parola a fost schimbată.' : ''}
      </p>
      <div>
        <SubmitButton pending={form.pending}>Schimbați parola</SubmitButton>
      </div>
    </form>
  );
}
