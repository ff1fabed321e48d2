'use client';

import { useRef, useState } from 'react';
import type { ChangePasswordValues } from '@/lib/validation/auth';
import { AuthField } from './auth-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { useAuthForm } from './use-auth-form';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadChangePasswordSchema = () => import('@/lib/validation/auth').then((m) => m.changePasswordSchema);

type Props = { onSubmit: (values: ChangePasswordValues) => Promise<void> };

/** Change the password of the signed-in user. */
export function ChangePasswordForm({ onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [done, setDone] = useState(false);
  const form = useAuthForm({
    formRef,
    schema: loadChangePasswordSchema,
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      setDone(false);
      await onSubmit(values);
      setDone(true);
      return 'reset' as const;
    },
  });
  const { values, errors, setField } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4" aria-label="Schimbați parola">
      <FormError message={errors.form} />
      <AuthField
        id="change-current-password"
        name="current_password"
        type="password"
        label="Parola actuală"
        autoComplete="current-password"
        required
        value={values.current_password}
        onChange={(e) => {
          setDone(false);
          setField('current_password', e.target.value);
        }}
        error={errors.current_password}
      />
      <NewPasswordFields
        idPrefix="change"
        label="Parola nouă"
        confirmationLabel="Confirmați parola nouă"
        values={values}
        errors={errors}
        onChange={setField}
      />
      <p role="status" aria-live="polite" className="text-sm font-medium text-success">
        {done ? 'Parola a fost schimbată.' : ''}
      </p>
      <div>
        <SubmitButton pending={form.pending}>Schimbați parola</SubmitButton>
      </div>
    </form>
  );
}
