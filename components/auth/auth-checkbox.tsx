import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';

type Props = {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string;
  disabled?: boolean;
};

/** A consent checkbox (shared Checkbox) driven by the form's state. */
export function AuthCheckbox({ onChange, ...props }: Props) {
  return <Checkbox aria-required="true" onChange={(e) => onChange(e.target.checked)} {...props} />;
}
