'use client';

import { useRef } from 'react';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthForm, type SubmitOutcome } from './use-auth-form';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadEmailStepSchema = () => import('@/lib/validation/auth').then((m) => m.emailStepSchema);

type Props = {
  defaultEmail?: string;
  onSubmit: (email: string) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** First step of /authenticate: the email decides between signing in and creating an account. */
export function EmailStepForm({ defaultEmail = '', onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm({
    formRef,
    schema: loadEmailStepSchema,
    initialValues: { email: defaultEmail },
    onSubmit: (data) => onSubmit(data.email),
  });
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
      <FormError message={form.errors.form} />
      <AuthEmailField
        id="auth-email"
        required
        value={form.values.email}
        onChange={(e) => form.setField('email', e.target.value)}
        error={form.errors.email}
      />
      <SubmitButton pending={form.pending} pendingLabel="Se verifică…">
        Continuați
      </SubmitButton>
    </form>
  );
}
