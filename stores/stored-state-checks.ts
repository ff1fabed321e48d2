import { TWO_FACTOR_PROVIDER_CODES, type Product, type ProductStatus, type TwoFactorProvider, type User, type UserTwoFactorProvider } from '@/contract/types';
import type { AuthState } from './auth-store';
import type { CachedProductCode, ProductState } from './product-store';
import type { SystemState } from './system-store';
import type { TwoFactorStoreState } from './two-factor-store';

/**
 * What each persisted store takes from browser storage when it rehydrates (stores/stored-state.ts loads this module
 * with the first rehydration, so it stays out of every page's first load). Storage is input like any other: a
 * previous visitor of a shared computer or a browser extension can write anything under a store's key, and zustand's
 * default merge (`{ ...current, ...stored }`) would let a stored key replace an action (`"clear": 0` breaks the next
 * customer's logout) or put an object where the UI renders text. Each store takes its persisted fields only, each
 * only when its check passes; everything else keeps its current value.
 */
type FieldChecks<S> = { [K in keyof S]?: (value: unknown) => S[K] | undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The fields of `stored` that pass their checks (own keys only, never an action or an unknown key). */
function readPersisted<S>(stored: unknown, checks: FieldChecks<S>): Partial<S> {
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
function orNull<T>(check: (value: unknown) => T | undefined): (value: unknown) => T | null | undefined {
  return (value) => (value === null ? null : check(value));
}

/** A value passes when `guard` accepts it; otherwise undefined (the field keeps its current value). */
function when<T>(guard: (value: unknown) => value is T): (value: unknown) => T | undefined {
  return (value) => (guard(value) ? value : undefined);
}

const USER_TEXT_FIELDS = ['email', 'first_name', 'last_name', 'phone_number', 'created_at'] as const;
const USER_FLAGS = ['is_two_factor_enabled', 'is_two_factor_required', 'is_deleted'] as const;

/** A stored user the UI can render: an id, an email, text where it shows text, booleans for the flags. */
function storedUser(value: unknown): User | null {
  if (!isRecord(value) || !isNumber(value.id) || !isString(value.email)) return null;
  if (!USER_TEXT_FIELDS.every((field) => value[field] == null || isString(value[field]))) return null;
  if (!USER_FLAGS.every((field) => value[field] === undefined || isBoolean(value[field]))) return null;
  return value as User;
}

/**
 * What rehydration takes from localStorage: a well-formed user, and `authenticated` only
 * together with one. Nothing else, so a hand-edited entry cannot replace the actions. The server's view decides
 * after that (components/providers/store-hydration.tsx drops a stored user without a session cookie).
 */
function mergeAuth<T extends AuthState>(stored: unknown, current: T): T {
  const user = isRecord(stored) ? storedUser(stored.user) : null;
  return { ...current, user, authenticated: user !== null && isRecord(stored) && stored.authenticated === true };
}

const STATUS_FLAGS = ['is_ro_vignette_available', 'is_hu_vignette_available', 'is_rca_available', 'is_travel_available', 'is_house_insurance_available'] as const;

function storedStatuses(value: unknown): ProductStatus | undefined {
  if (!isRecord(value) || !isString(value.updated_at)) return undefined;
  return STATUS_FLAGS.every((flag) => value[flag] === undefined || isBoolean(value[flag])) ? (value as ProductStatus) : undefined;
}

/** A stored product of `code`, in the shape the product pages render; anything else is fetched again. */
function storedProduct(code: CachedProductCode) {
  return (value: unknown): Product | undefined =>
    isRecord(value) &&
    value.code === code &&
    isString(value.name) &&
    (value.description == null || isString(value.description)) &&
    (value.options === undefined || isRecord(value.options)) &&
    (value.periods === undefined || Array.isArray(value.periods))
      ? (value as Product)
      : undefined;
}

/**
 * The fields rehydration takes from localStorage: the persisted ones only, each in its
 * shape; never the in-memory products or an action.
 */
const PRODUCT_FIELDS: FieldChecks<ProductState> = {
  productStatuses: orNull(storedStatuses),
  rcaProduct: orNull(storedProduct('rca')),
  travelProduct: orNull(storedProduct('travel')),
  houseInsuranceProduct: orNull(storedProduct('house-insurance')),
};

/** The fields rehydration takes from localStorage, each only with its type. */
const SYSTEM_FIELDS: FieldChecks<SystemState> = {
  isDarkTheme: when(isBoolean),
  isThemeChangedManually: when(isBoolean),
  isCookieConsentAccepted: orNull(when(isBoolean)),
  clientIp: orNull(when(isString)),
};

function isProviderCode(value: unknown): boolean {
  return (TWO_FACTOR_PROVIDER_CODES as readonly unknown[]).includes(value);
}

function isProvider(value: unknown): value is TwoFactorProvider {
  return isRecord(value) && isProviderCode(value.code) && isString(value.name) && (value.description == null || isString(value.description));
}

function isUserProvider(value: unknown): value is UserTwoFactorProvider {
  return isRecord(value) && isProviderCode(value.code) && isString(value.name) && isBoolean(value.is_enabled) && isBoolean(value.is_default);
}

/** The fields rehydration takes from sessionStorage, each only with its shape. */
const TWO_FACTOR_FIELDS: FieldChecks<TwoFactorStoreState> = {
  providers: (value) => (Array.isArray(value) ? value.filter(isProvider) : undefined),
  userProvider: orNull(when(isUserProvider)),
  isTwoFactorAuthRequired: when(isBoolean),
};

type Merge = <T extends object>(stored: unknown, current: T) => T;

/** Per store: the merge of its stored state into its current one. */
export const STORED_STATE_MERGES = {
  auth: mergeAuth as Merge,
  product: ((stored, current) => ({ ...current, ...readPersisted(stored, PRODUCT_FIELDS) })) as Merge,
  system: ((stored, current) => ({ ...current, ...readPersisted(stored, SYSTEM_FIELDS) })) as Merge,
  twoFactor: ((stored, current) => ({ ...current, ...readPersisted(stored, TWO_FACTOR_FIELDS) })) as Merge,
};
