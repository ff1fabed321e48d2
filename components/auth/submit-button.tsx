import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type Props = {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
};

/** Submit button that shows progress while the request runs and cannot be pressed twice. */
export function SubmitButton({ pending, children, pendingLabel = 'Se trimite…', variant = 'primary', disabled }: Props) {
  return (
    <Button type="submit" variant={variant} className="w-full" loading={pending} loadingLabel="" disabled={disabled}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
