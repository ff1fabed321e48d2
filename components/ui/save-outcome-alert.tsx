import type { ReactNode } from 'react';
import type { SaveOutcome } from '@/lib/forms/use-save-outcome';
import { Alert } from './alert';

type Props = {
  outcome: Pick<SaveOutcome, 'status' | 'failure'>;
  /** Shown after a success (a success Alert). */
  done: ReactNode;
  /** Title of the error Alert. */
  failedTitle: string;
  /** Said after the failure's message (e.g. that what was typed is still in the form). */
  kept?: string;
  id?: string;
};

/** The aria-live result box above a form that saves or sends (useSaveOutcome). */
export function SaveOutcomeAlert({ outcome, done, failedTitle, kept, id }: Props) {
  return (
    <div id={id} aria-live="polite">
      {outcome.status === 'done' ? done : null}
      {outcome.status === 'failed' ? (
        <Alert tone="error" title={failedTitle}>
          {kept ? `${outcome.failure} ${kept}` : outcome.failure}
        </Alert>
      ) : null}
    </div>
  );
}
