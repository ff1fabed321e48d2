'use client';

import { useRef } from 'react';
import type { ResetPasswordValues } from '@/lib/validation/auth';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { useAuthForm, type SubmitOutcome } from './use-auth-form';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadResetPasswordSchema = () => import('@/lib/validation/auth').then((m) => m.resetPasswordSchema);

type Props = {
  email: string;
  resetToken: string;
  /** The link of the welcome mail (guest checkout): the account's first password, not a new one. */
  firstPassword?: boolean;
  onSubmit: (values: ResetPasswordValues) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** The form opened by the mailed link: a new password for the account named in the link. */
export function ResetPasswordForm({ email, resetToken, firstPassword = false, onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm({
    formRef,
    schema: loadResetPasswordSchema,
    initialValues: { email, reset_token: resetToken, password: '', password_confirmation: '' },
    onSubmit,
  });
  const { values, errors, setField } = form;
  // The token is not an input: its error (expired or used link) is shown as the form's error.
  const formError = errors.form ?? errors.reset_token;
  return (
    <form
      ref={formRef}
      onSubmit={form.handleSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={firstPassword ? 'Parola contului' : 'Parolă nouă'}
    >
      <FormError message={formError} />
      <AuthEmailField
        id="reset-email"
        autoComplete="username"
        readOnly
        value={values.email}
        error={errors.email}
      />
      <NewPasswordFields
        idPrefix="reset"
        label={firstPassword ? 'Parola' : 'Parola nouă'}
        confirmationLabel={firstPassword ? 'Confirmați parola' : 'Confirmați parola nouă'}
        values={values}
        errors={errors}
        onChange={setField}
      />
      <SubmitButton pending={form.pending}>{firstPassword ? 'Salvați parola' : 'Salvați parola nouă'}</SubmitButton>
    </form>
  );
}
