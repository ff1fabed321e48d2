import type { InputHTMLAttributes, ReactNode } from 'react';
import { TextField } from '@/components/ui/text-field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

/**
 * The auth forms' text input: the shared TextField (label, hint and error through aria-describedby).
 * Every auth field is required; it is announced with aria-required and validated by the zod schema, so the
 * browser's own required-field bubbles never replace the Romanian messages.
 */
export function AuthField({ required, ...props }: Props) {
  return <TextField aria-required={required || undefined} className="flex flex-col" {...props} />;
}
