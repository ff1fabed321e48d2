'use client';

import type { BoundField } from '@/lib/forms/use-schema-form';
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
  bind,
}: {
  idPrefix: string;
  label: string;
  confirmationLabel: string;
  /** The form's `bind` (useSchemaForm) for the two fields. */
  bind: (name: PasswordField) => BoundField;
}) {
  return (
    <>
      <AuthField
        id={`${idPrefix}-password`}
        type="password"
        label={label}
        autoComplete="new-password"
        required
        hint={PASSWORD_POLICY_HINT}
        {...bind('password')}
      />
      <AuthField
        id={`${idPrefix}-password-confirmation`}
        type="password"
        label={confirmationLabel}
        autoComplete="new-password"
        required
        {...bind('password_confirmation')}
      />
    </>
  );
}
