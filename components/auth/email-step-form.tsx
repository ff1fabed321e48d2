'use client';

import { FORM_ERROR, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import { AuthEmailField } from './auth-email-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadEmailStepSchema = () => import('@/lib/validation/auth').then((m) => m.emailStepSchema);

type Props = {
  defaultEmail?: string;
  onSubmit: (email: string) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** First step of /authenticate: the email decides between signing in and creating an account. */
export function EmailStepForm({ defaultEmail = '', onSubmit }: Props) {
  const form = useSchemaForm({ schema: loadEmailStepSchema, defaultValues: { email: defaultEmail } });
  return (
    <form onSubmit={form.submit((data) => onSubmit(data.email))} noValidate className="flex flex-col gap-4">
      <FormError message={form.errorOf(FORM_ERROR)} />
      <AuthEmailField id="auth-email" required {...form.bind('email')} />
      <SubmitButton pending={form.pending} pendingLabel="Se verifică…">
        Continuați
      </SubmitButton>
    </form>
  );
}
