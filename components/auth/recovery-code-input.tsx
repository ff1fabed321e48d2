import type { ComponentProps } from 'react';
import { AuthField } from './auth-field';

type Props = Omit<ComponentProps<typeof AuthField>, 'label'>;

/** The recovery code field of the two-factor check and of turning two-factor off: no autocomplete, no spell check. */
export function RecoveryCodeInput(props: Props) {
  return <AuthField label="Cod de recuperare" autoComplete="off" spellCheck={false} required {...props} />;
}
