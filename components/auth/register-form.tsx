'use client';

import Link from 'next/link';
import { FORM_ERROR, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import type { RegisterValues } from '@/lib/validation/auth';
import { AuthCheckbox } from './auth-checkbox';
import { AuthEmailField } from './auth-email-field';
import { AuthField } from './auth-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadRegisterSchema = () => import('@/lib/validation/auth').then((m) => m.registerSchema);

type Props = {
  email: string;
  onSubmit: (values: RegisterValues) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** Create an account: every field of SPEC §3, password and confirmation, terms and data-processing consent. */
export function RegisterForm({ email, onSubmit }: Props) {
  const form = useSchemaForm({
    schema: loadRegisterSchema,
    defaultValues: {
      email,
      last_name: '',
      first_name: '',
      phone_number: '',
      password: '',
      password_confirmation: '',
      terms: false,
      data_processing: false,
    },
  });
  const { bind } = form;
  return (
    <form onSubmit={form.submit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Creați cont">
      <FormError message={form.errorOf(FORM_ERROR)} />
      <AuthEmailField id="register-email" required {...bind('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField id="register-last-name" label="Nume" autoComplete="family-name" required {...bind('last_name')} />
        <AuthField id="register-first-name" label="Prenume" autoComplete="given-name" required {...bind('first_name')} />
      </div>
      <AuthField
        id="register-phone"
        type="tel"
        label="Telefon mobil"
        autoComplete="tel"
        inputMode="tel"
        placeholder="07xxxxxxxx"
        required
        {...bind('phone_number')}
      />
      <NewPasswordFields idPrefix="register" label="Parola" confirmationLabel="Confirmați parola" bind={bind} />
      <AuthCheckbox
        id="register-terms"
        label={
          <>
            Am citit și accept{' '}
            <Link href="/info/termeni-si-conditii" className="text-primary underline" target="_blank">
              termenii și condițiile
            </Link>
            .
          </>
        }
        {...bind('terms')}
      />
      <AuthCheckbox
        id="register-data-processing"
        label={
          <>
            Sunt de acord cu prelucrarea datelor personale conform{' '}
            <Link href="/info/confidentialitate" className="text-primary underline" target="_blank">
              politicii de confidențialitate
            </Link>
            .
          </>
        }
        {...bind('data_processing')}
      />
      <SubmitButton pending={form.pending} pendingLabel="Se creează contul…">
        Creați contul
      </SubmitButton>
    </form>
  );
}
