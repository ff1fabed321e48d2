'use client';

import { useRef } from 'react';
import Link from 'next/link';
import type { RegisterValues } from '@/lib/validation/auth';
import { AuthCheckbox } from './auth-checkbox';
import { AuthEmailField } from './auth-email-field';
import { AuthField } from './auth-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import { useAuthForm, type SubmitOutcome } from './use-auth-form';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadRegisterSchema = () => import('@/lib/validation/auth').then((m) => m.registerSchema);

type Props = {
  email: string;
  onSubmit: (values: RegisterValues) => Promise<SubmitOutcome> | SubmitOutcome;
};

/** Create an account: every field of SPEC §3, password and confirmation, terms and data-processing consent. */
export function RegisterForm({ email, onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm({
    formRef,
    schema: loadRegisterSchema,
    initialValues: {
      email,
      last_name: '',
      first_name: '',
      phone_number: '',
      password: '',
      password_confirmation: '',
      terms: false,
      data_processing: false,
    },
    onSubmit,
  });
  const { values, errors, setField } = form;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4" aria-label="Creați cont">
      <FormError message={errors.form} />
      <AuthEmailField
        id="register-email"
        required
        value={values.email}
        onChange={(e) => setField('email', e.target.value)}
        error={errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField
          id="register-last-name"
          name="last_name"
          label="Nume"
          autoComplete="family-name"
          required
          value={values.last_name}
          onChange={(e) => setField('last_name', e.target.value)}
          error={errors.last_name}
        />
        <AuthField
          id="register-first-name"
          name="first_name"
          label="Prenume"
          autoComplete="given-name"
          required
          value={values.first_name}
          onChange={(e) => setField('first_name', e.target.value)}
          error={errors.first_name}
        />
      </div>
      <AuthField
        id="register-phone"
        name="phone_number"
        type="tel"
        label="Telefon mobil"
        autoComplete="tel"
        inputMode="tel"
        placeholder="07xxxxxxxx"
        required
        value={values.phone_number}
        onChange={(e) => setField('phone_number', e.target.value)}
        error={errors.phone_number}
      />
      <NewPasswordFields
        idPrefix="register"
        label="Parola"
        confirmationLabel="Confirmați parola"
        values={values}
        errors={errors}
        onChange={setField}
      />
      <AuthCheckbox
        id="register-terms"
        name="terms"
        checked={values.terms}
        onChange={(checked) => setField('terms', checked)}
        error={errors.terms}
        label={
          <>
            Am citit și accept{' '}
            <Link href="/info/termeni-si-conditii" className="text-primary underline" target="_blank">
              termenii și condițiile
            </Link>
            .
          </>
        }
      />
      <AuthCheckbox
        id="register-data-processing"
        name="data_processing"
        checked={values.data_processing}
        onChange={(checked) => setField('data_processing', checked)}
        error={errors.data_processing}
        label={
          <>
            Sunt de acord cu prelucrarea datelor personale conform{' '}
            <Link href="/info/confidentialitate" className="text-primary underline" target="_blank">
              politicii de confidențialitate
            </Link>
            .
          </>
        }
      />
      <SubmitButton pending={form.pending} pendingLabel="Se creează contul…">
        Creați contul
      </SubmitButton>
    </form>
  );
}
