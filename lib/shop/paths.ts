/** Reading and immutably writing nested form values by dotted path (`vehicle.make`, `travellers.0.birth_date`). */
export function getIn(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function setIn<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const container: unknown = source ?? {};
  const next = rest.length === 0 ? value : setIn((container as Record<string, unknown>)[head], rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy = container.slice();
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...(container as Record<string, unknown>), [head]: next } as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `base` with every value of `override` whose type matches (a stored draft over the current defaults, so a
 * draft from an older form version never breaks the form). Arrays come from `override` when present.
 */
export function mergeDraft<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) {
    if (override === undefined) return base;
    // A nullable default (e.g. "no offer chosen yet") takes whatever was stored.
    if (base === null || base === undefined) return override as T;
    if (Array.isArray(base) && Array.isArray(override)) return override as T;
    if (override !== undefined && override !== null && typeof override === typeof base) return override as T;
    return base;
  }
  const result: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    if (key in override) result[key] = mergeDraft(base[key], override[key]);
  }
  return result as T;
}
