import type { ReactNode } from 'react';
import type { BoundField } from '@/lib/forms/use-schema-form';
import { Checkbox } from '@/components/ui/checkbox';

type Props = BoundField & {
  id: string;
  label: ReactNode;
};

/** A required consent checkbox (shared Checkbox) bound to the form (`bind(name)` of useSchemaForm). */
export function AuthCheckbox(props: Props) {
  return <Checkbox aria-required="true" {...props} />;
}
