'use client';

import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { clearDraft, readDraft, subscribeDraft, writeDraft } from './draft-store';
import { mergeDraft } from './paths';

type Updater<T> = T | ((previous: T) => T);

/**
 * Form values kept in sessionStorage under `key` (see draft-store.ts); `defaults` fill what the draft lacks.
 * Returns [values, setValues, clear].
 */
export function useFormDraft<T>(
  key: string,
  defaults: T | (() => T),
): [T, (next: Updater<T>) => void, () => void] {
  const [initial] = useState(defaults);
  const subscribe = useCallback((listener: () => void) => subscribeDraft(key, listener), [key]);
  const draft = useSyncExternalStore(
    subscribe,
    () => readDraft(key),
    () => undefined,
  );
  const values = useMemo(() => (draft === undefined ? initial : mergeDraft(initial, draft)), [draft, initial]);

  const setValues = useCallback(
    (next: Updater<T>) => {
      const stored = readDraft(key);
      const base = stored === undefined ? initial : mergeDraft(initial, stored);
      writeDraft(key, typeof next === 'function' ? (next as (previous: T) => T)(base) : next);
    },
    [key, initial],
  );
  const clear = useCallback(() => clearDraft(key), [key]);
  return [values, setValues, clear];
}
