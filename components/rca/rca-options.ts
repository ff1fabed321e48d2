/** Labels of the RCA form's choices (the product's `options` carry the same values). */
export const VEHICLE_CATEGORY_OPTIONS = [
  { value: 'car', label: 'Autoturism' },
  { value: 'van', label: 'Autoutilitară (max. 3,5 t)' },
  { value: 'motorcycle', label: 'Motocicletă' },
  { value: 'trailer', label: 'Remorcă' },
];

export const FUEL_OPTIONS = [
  { value: 'petrol', label: 'Benzină' },
  { value: 'diesel', label: 'Motorină' },
  { value: 'hybrid', label: 'Hibrid' },
  { value: 'electric', label: 'Electric' },
  { value: 'lpg', label: 'GPL' },
];

export const USE_TYPE_OPTIONS = [
  { value: 'personal', label: 'Uz personal' },
  { value: 'taxi', label: 'Taxi' },
  { value: 'rent', label: 'Închiriere (rent-a-car)' },
  { value: 'courier', label: 'Curierat' },
];

export const PERIOD_OPTIONS = Array.from({ length: 12 }, (_, i) => {
  const months = i + 1;
  return { value: String(months), label: months === 1 ? '1 lună' : `${months} luni` };
});

/** Owner or user: a person or a company. */
export const PARTY_TYPES = [
  { value: 'person', label: 'Persoană fizică' },
  { value: 'company', label: 'Persoană juridică' },
];
