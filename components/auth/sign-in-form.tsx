'use client';

import { useState } from 'react';
import { FORM_ERROR, useSchemaForm, type SubmitOutcome } from '@/lib/forms/use-schema-form';
import type { LoginValues } from '@/lib/validation/auth';
import { AuthEmailField } from './auth-email-field';
import { AuthField } from './auth-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadLoginSchema = () => import('@/lib/validation/auth').then((m) => m.loginSchema);

type Props = {
  email: string;
  onSubmit: (values: LoginValues) => Promise<SubmitOutcome> | SubmitOutcome;
  onForgotPassword: (email: string) => void;
};

/** Sign in with email and password. The email stays editable and is kept on every error. */
export function SignInForm({ email, onSubmit, onForgotPassword }: Props) {
  const [showPassword, setShowPassword] = useState(false);
  const form = useSchemaForm({ schema: loadLoginSchema, defaultValues: { email, password: '' } });
  return (
    <form onSubmit={form.submit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label="Autentificare">
      <FormError message={form.errorOf(FORM_ERROR)} />
      <AuthEmailField id="sign-in-email" autoComplete="username" required {...form.bind('email')} />
      <AuthField
        id="sign-in-password"
        type={showPassword ? 'text' : 'password'}
        label="Parola"
        autoComplete="current-password"
        required
        autoFocus
        {...form.bind('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} className="size-4" />
          Afișați parola
        </label>
        <button
          type="button"
          className="font-medium text-primary underline underline-offset-2"
          onClick={() => onForgotPassword(form.getValues('email'))}
        >
          Am uitat parola
        </button>
      </div>
      <SubmitButton pending={form.pending} pendingLabel="Se autentifică…">
        Autentificare
      </SubmitButton>
    </form>
  );
}
