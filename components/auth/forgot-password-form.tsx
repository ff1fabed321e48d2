'use client';

import { useRef } from 'react';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthForm, type SubmitOutcome } from './use-auth-form';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadForgotPasswordSchema = () => import('@/lib/validation/auth').then((m) => m.forgotPasswordSchema);

type Props = {
  email: string;
  onSubmit: (email: string) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** Asks for a password-reset link by email. */
export function ForgotPasswordForm({ email, onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm({
    formRef,
    schema: loadForgotPasswordSchema,
    initialValues: { email },
    onSubmit: (data) => onSubmit(data.email),
  });
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4" aria-label="Resetați parola">
      <p className="text-sm text-muted">
        Introduceți adresa de email a contului. Vă trimitem un link cu care vă puteți alege o parolă nouă.
      </p>
      <FormError message={form.errors.form} />
      <AuthEmailField
        id="forgot-email"
        required
        value={form.values.email}
        onChange={(e) => form.setField('email', e.target.value)}
        error={form.errors.email}
      />
      <SubmitButton pending={form.pending}>Trimiteți linkul de resetare</SubmitButton>
    </form>
  );
}
