import type { ComponentProps } from 'react';
import { AuthField } from './auth-field';

type Props = Omit<ComponentProps<typeof AuthField>, 'name' | 'type' | 'label' | 'inputMode' | 'spellCheck'>;

/**
 * The auth forms' email address field (sign-in, registration, email step, forgotten and reset password):
 * name, type, label, email keyboard and no spell check. `autoComplete` is `email` unless the form says
 * `username` (the sign-in and reset forms, for password managers).
 */
export function AuthEmailField(props: Props) {
  return (
    <AuthField name="email" type="email" label="Adresa de email" autoComplete="email" inputMode="email" spellCheck={false} {...props} />
  );
}
