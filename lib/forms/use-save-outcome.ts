'use client';

import { useState } from 'react';
import { isApiError } from '@/lib/api/errors';

type Outcome = { status: 'idle' | 'done' | 'failed'; failure: string };

/**
 * The result of a form that saves or sends (profile, preferences, contact), shown in SaveOutcomeAlert:
 * `run(save)` wraps the submit handler's call and records its success, or its failure's Romanian message
 * (`fallback` when the failure carries none) and rethrows, so useSchemaForm still puts a 422's messages next
 * to their fields; `withdraw()` hides a success once the form is edited again.
 */
export function useSaveOutcome(fallback: string) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle', failure: '' });
  const run = async <T>(save: () => Promise<T>): Promise<T> => {
    setOutcome({ status: 'idle', failure: '' });
    try {
      const result = await save();
      setOutcome({ status: 'done', failure: '' });
      return result;
    } catch (error) {
      setOutcome({ status: 'failed', failure: isApiError(error) ? error.prettyMessage : fallback });
      throw error;
    }
  };
  const withdraw = () => setOutcome((o) => (o.status === 'done' ? { status: 'idle', failure: '' } : o));
  return { ...outcome, run, withdraw };
}

export type SaveOutcome = ReturnType<typeof useSaveOutcome>;
