import type { COOKIE_CONSENT_CHOICES } from './content';
import type { FUELS, VEHICLE_CATEGORIES } from './products/rca-values';

/**
 * Shapes of the backend's answers (backend/README.md "Entities as returned"), snake_case as on the wire: the
 * reference backend builds them with these types and the web app reads them with the same.
 */
export type User = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  is_two_factor_enabled: boolean;
  is_two_factor_required: boolean;
  is_deleted: boolean;
  created_at: string;
};

export type ProductStatus = {
  id: number;
  is_ro_vignette_available: boolean;
  is_hu_vignette_available: boolean;
  is_rca_available: boolean;
  is_travel_available: boolean;
  is_house_insurance_available: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

/** The products the backend quotes (the web app and the reference backend's quote schema share this list). */
export const PRODUCT_CODES = ['rca', 'travel', 'house-insurance', 'tire', 'michelin-tiresecureplus', 'ro-vignette', 'hu-vignette'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export type ProductPeriod = { value: number; unit: string; label: string };

export type Product = {
  id: number;
  code: ProductCode;
  name: string;
  description: string;
  is_available: boolean;
  min_period: number;
  max_period: number;
  periods: ProductPeriod[];
  /** Product-specific form data (vehicle categories, zones, packages …). */
  options: Record<string, unknown>;
};

export type MaintenanceStatus = { is_active: boolean; message: string | null };

export type CookieConsentChoice = (typeof COOKIE_CONSENT_CHOICES)[number];

export const TWO_FACTOR_PROVIDER_CODES = ['authenticator', 'email'] as const;
export type TwoFactorProviderCode = (typeof TWO_FACTOR_PROVIDER_CODES)[number];

export type TwoFactorProvider = { code: TwoFactorProviderCode; name: string; description: string };

export type UserTwoFactorProvider = { code: TwoFactorProviderCode; name: string; is_enabled: boolean; is_default: boolean };

export type Address = { county: string; town: string; street: string; postal_code: string };

export type Profile = {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  address: Address | null;
};

/** The date languages a customer can choose (SPEC §9); contract/locales.ts has their date-fns locales. */
export const DATE_LOCALE_CODES = ['ro', 'en', 'fr'] as const;

export type Preferences = {
  is_dark_theme: boolean | null;
  marketing_email: boolean;
  marketing_sms: boolean;
  notify_expiry_email: boolean;
  notify_expiry_sms: boolean;
  date_locale: (typeof DATE_LOCALE_CODES)[number];
};

export type Session = {
  id: number;
  user_agent: string;
  ip: string;
  created_at: string;
  last_used_at: string;
  is_current: boolean;
};

export type Insurer = { code: string; name: string };

export type Vehicle = {
  registration_plate: string;
  vin: string;
  category: (typeof VEHICLE_CATEGORIES)[number];
  make: string;
  model: string;
  fuel: (typeof FUELS)[number];
  year: number;
  max_mass_kg: number;
  engine_cc: number;
  power_kw: number;
  seats: number;
  first_registration_date: string;
  civ_series: string;
};

export type Offer = {
  id: string;
  insurer: Insurer;
  package_code: string;
  package_name: string;
  price_bani: number;
  period_label: string;
  direct_settlement: boolean;
  bonus_malus_class: string | null;
  coverage: string[];
  /** Vignettes: the tariff's own price (EUR, HUF) and the month's rate it is charged in lei at. */
  list_price?: { amount: number; currency: string };
  exchange_rate?: { currency: string; lei_per_unit: number; month: string };
};

export type Quote = {
  id: string;
  product_code: ProductCode;
  partner_code: string | null;
  input: Record<string, unknown>;
  offers: Offer[];
  created_at: string;
  expires_at: string;
};
