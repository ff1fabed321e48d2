/**
 * What a persisted store takes from browser storage when it rehydrates. Storage is input like any other: a previous
 * visitor of a shared computer or a browser extension can write anything under a store's key, and zustand's default
 * merge (`{ ...current, ...stored }`) would let a stored key replace an action (`"clear": 0` breaks the next
 * customer's logout) or put an object where the UI renders text. Each store reads its persisted fields through
 * `readPersisted`: only the named fields, each only when its check passes; everything else keeps its current value.
 */
export type FieldChecks<S> = { [K in keyof S]?: (value: unknown) => S[K] | undefined };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The fields of `stored` that pass their checks (own keys only, never an action or an unknown key). */
export function readPersisted<S>(stored: unknown, checks: FieldChecks<S>): Partial<S> {
  const out: Partial<S> = {};
  if (!isRecord(stored)) return out;
  for (const key of Object.keys(checks) as (keyof S & string)[]) {
    if (!Object.prototype.hasOwnProperty.call(stored, key)) continue;
    const value = checks[key]!(stored[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** `check` for a field that may also be null. */
export function orNull<T>(check: (value: unknown) => T | undefined): (value: unknown) => T | null | undefined {
  return (value) => (value === null ? null : check(value));
}

/** A value passes when `guard` accepts it; otherwise undefined (the field keeps its current value). */
export function when<T>(guard: (value: unknown) => value is T): (value: unknown) => T | undefined {
  return (value) => (guard(value) ? value : undefined);
}
