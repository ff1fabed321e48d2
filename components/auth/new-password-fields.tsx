'use client';

import { PASSWORD_POLICY_HINT } from '@/contract/password-rules';
import { AuthField } from './auth-field';

type PasswordField = 'password' | 'password_confirmation';

/**
 * A new password and its confirmation, as registration, reset and change-password ask for them: the
 * policy hint on the first, `autocomplete="new-password"` on both, errors next to each field.
 */
export function NewPasswordFields({
  idPrefix,
  label,
  confirmationLabel,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  label: string;
  confirmationLabel: string;
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, string>>;
  onChange: (field: PasswordField, value: string) => void;
}) {
  return (
    <>
      <AuthField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        hint={PASSWORD_POLICY_HINT}
        value={values.password}
        onChange={(e) => onChange('password', e.target.value)}
        error={errors.password}
      />
      <AuthField
        id={`${idPrefix}-password-confirmation`}
        name="password_confirmation"
        type="password"
        label={confirmationLabel}
        autoComplete="new-password"
        required
        value={values.password_confirmation}
        onChange={(e) => onChange('password_confirmation', e.target.value)}
        error={errors.password_confirmation}
      />
    </>
  );
}
