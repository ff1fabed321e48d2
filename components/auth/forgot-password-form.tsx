'use client';

import { FORM_ERROR, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadForgotPasswordSchema = () => import('@/lib/validation/auth').then((m) => m.forgotPasswordSchema);

type Props = {
  email: string;
  onSubmit: (email: string) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** Asks for a password-reset link by email. */
export function ForgotPasswordForm({ email, onSubmit }: Props) {
  const form = useSchemaForm({ schema: loadForgotPasswordSchema, defaultValues: { email } });
  return (
    <form onSubmit={form.submit((data) => onSubmit(data.email))} noValidate className="flex flex-col gap-4" aria-label="Resetați parola">
      <p className="text-sm text-muted">
        Introduceți adresa de email a contului. Vă trimitem un link cu care vă puteți alege o parolă nouă.
      </p>
      <FormError message={form.errorOf(FORM_ERROR)} />
      <AuthEmailField id="forgot-email" required {...form.bind('email')} />
      <SubmitButton pending={form.pending}>Trimiteți linkul de resetare</SubmitButton>
    </form>
  );
}
