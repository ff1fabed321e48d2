/**
 * Drafts of the purchase forms in sessionStorage (one key per product and step): what was typed survives a
 * reload, going back and any error, until the order is placed. A small external store so that React reads
 * it with useSyncExternalStore (server HTML uses the defaults; the client switches to the draft after
 * hydration, without a mismatch).
 */
export const DRAFT_PREFIX = 'shopDraft:';

const cache = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored draft, or undefined when there is none (or it is unreadable). Stable between calls. */
export function readDraft(key: string): unknown {
  if (cache.has(key)) return cache.get(key);
  let value: unknown = undefined;
  const raw = storage()?.getItem(DRAFT_PREFIX + key);
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  cache.set(key, value);
  return value;
}

function notify(key: string) {
  listeners.get(key)?.forEach((listener) => listener());
}

export function writeDraft(key: string, value: unknown): void {
  cache.set(key, value);
  try {
    storage()?.setItem(DRAFT_PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the draft lives in memory for this page */
  }
  notify(key);
}

export function clearDraft(key: string): void {
  cache.set(key, undefined);
  storage()?.removeItem(DRAFT_PREFIX + key);
  notify(key);
}

/** Clears every draft whose key starts with `prefix` (e.g. all steps of one product after its order). */
export function clearDrafts(prefix: string): void {
  const store = storage();
  const keys = new Set<string>([...cache.keys()].filter((k) => k.startsWith(prefix)));
  if (store) {
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (name?.startsWith(DRAFT_PREFIX + prefix)) keys.add(name.slice(DRAFT_PREFIX.length));
    }
  }
  keys.forEach(clearDraft);
}

/**
 * Clears every purchase draft of this tab (and the placed orders kept with them): the session ended, and the next
 * person at this computer must not find the previous customer's name, CNP or plate in the forms.
 */
export function clearAllDrafts(): void {
  clearDrafts('');
}

export function subscribeDraft(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * Forgets the in-memory copies (tests; a new page load starts empty anyway).
 * @testSeam
 */
export function resetDraftCache(): void {
  cache.clear();
}
