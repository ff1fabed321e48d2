'use client';

import { FORM_ERROR, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import type { ResetPasswordValues } from '@/lib/validation/auth';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

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
  const form = useSchemaForm({
    schema: loadResetPasswordSchema,
    defaultValues: { email, reset_token: resetToken, password: '', password_confirmation: '' },
  });
  return (
    <form
      onSubmit={form.submit(onSubmit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={firstPassword ? 'Parola contului' : 'Parolă nouă'}
    >
      {/* The token is not an input: its error (expired or used link) is shown as the form's error. */}
      <FormError message={form.errorOf(FORM_ERROR) ?? form.errorOf('reset_token')} />
      <AuthEmailField id="reset-email" autoComplete="username" readOnly {...form.bind('email')} />
      <NewPasswordFields
        idPrefix="reset"
        label={firstPassword ? 'Parola' : 'Parola nouă'}
        confirmationLabel={firstPassword ? 'Confirmați parola' : 'Confirmați parola nouă'}
        bind={form.bind}
      />
      <SubmitButton pending={form.pending}>{firstPassword ? 'Salvați parola' : 'Salvați parola nouă'}</SubmitButton>
    </form>
  );
}
