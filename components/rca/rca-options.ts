import { FUEL_LABELS, FUELS, USE_TYPE_LABELS, USE_TYPES, VEHICLE_CATEGORIES, VEHICLE_CATEGORY_LABELS } from '@/contract/products/rca-values';

/** The RCA form's choices, named as the contract names them (the product's `options` carry the same). */
export const VEHICLE_CATEGORY_OPTIONS = VEHICLE_CATEGORIES.map((value) => ({ value, label: VEHICLE_CATEGORY_LABELS[value] }));

export const FUEL_OPTIONS = FUELS.map((value) => ({ value, label: FUEL_LABELS[value] }));

export const USE_TYPE_OPTIONS = USE_TYPES.map((value) => ({ value, label: USE_TYPE_LABELS[value] }));

export const PERIOD_OPTIONS = Array.from({ length: 12 }, (_, i) => {
  const months = i + 1;
  return { value: String(months), label: months === 1 ? '1 lună' : `${months} luni` };
});

/** Owner or user: a person or a company. */
export const PARTY_TYPES = [
  { value: 'person', label: 'Persoană fizică' },
  { value: 'company', label: 'Persoană juridică' },
];
