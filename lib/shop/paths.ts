/** Merging a stored form draft over the current defaults. */
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
