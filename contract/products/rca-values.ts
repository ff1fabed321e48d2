import { latestStartDay, NO_RENEWAL, type RenewalFormFields } from '../renewal';
import { dayWindow, displayDay } from './common-values';

/** RCA quote input (backend README "Quote inputs", `rca`). */
export const VEHICLE_CATEGORIES = ['car', 'van', 'motorcycle', 'trailer'] as const;
export const FUELS = ['petrol', 'diesel', 'hybrid', 'electric', 'lpg'] as const;
export const USE_TYPES = ['personal', 'taxi', 'rent', 'courier'] as const;

/** The choices' names: the form's lists, the product's `options` (seed) and the policy document. */
export const VEHICLE_CATEGORY_LABELS: Record<(typeof VEHICLE_CATEGORIES)[number], string> = {
  car: 'Autoturism',
  van: 'Autoutilitară (max. 3,5 t)',
  motorcycle: 'Motocicletă',
  trailer: 'Remorcă',
};
export const FUEL_LABELS: Record<(typeof FUELS)[number], string> = { petrol: 'Benzină', diesel: 'Motorină', hybrid: 'Hibrid', electric: 'Electric', lpg: 'GPL' };
export const USE_TYPE_LABELS: Record<(typeof USE_TYPES)[number], string> = {
  personal: 'Uz personal',
  taxi: 'Taxi',
  rent: 'Închiriere (rent-a-car)',
  courier: 'Curierat',
};
export const RCA_START_MIN_DAYS = 1;
export const RCA_START_MAX_DAYS = 30;

export const rcaMessages = {
  category: 'Alegeți categoria vehiculului.',
  make: 'Introduceți marca.',
  model: 'Introduceți modelul.',
  fuel: 'Alegeți combustibilul.',
  useType: 'Alegeți modul de utilizare.',
  year: (max: number) => `Anul fabricației este între 1950 și ${max}.`,
  mass: 'Masa maximă autorizată este între 1 și 40.000 kg.',
  engine: 'Capacitatea cilindrică este între 0 și 10.000 cm³.',
  engineNeeded: 'Introduceți capacitatea cilindrică (0 doar pentru vehicule electrice și remorci).',
  power: 'Puterea este între 0 și 1.000 kW.',
  powerNeeded: 'Introduceți puterea motorului.',
  seats: 'Numărul de locuri este între 0 și 60.',
  seatsNeeded: 'Introduceți numărul de locuri (inclusiv șoferul).',
  ownerType: 'Alegeți tipul proprietarului.',
  licenceRequired: 'Introduceți data obținerii permisului.',
  licenceFuture: 'Data permisului nu poate fi în viitor.',
  licenceTooEarly: 'Data permisului nu poate fi înainte de împlinirea vârstei de 16 ani.',
  startRequired: 'Alegeți data de început.',
  start: (min: string, max: string) => `Data de început este între ${displayDay(min)} și ${displayDay(max)}.`,
  period: 'Perioada este între 1 și 12 luni.',
  userType: 'Alegeți tipul utilizatorului.',
} as const;

/**
 * Allowed start days, from `today` (the Bucharest day, `YYYY-MM-DD`): tomorrow … +30 days, and for a renewal up to
 * the day after the renewed policy ends (DOMAIN.md: a renewal at most 30 days before the old policy ends).
 */
export function rcaStartWindow(today: string, renewedEndsOn: string | null = null) {
  const window = dayWindow(today, RCA_START_MIN_DAYS, RCA_START_MAX_DAYS);
  const latest = renewedEndsOn ? latestStartDay(today, renewedEndsOn, RCA_START_MAX_DAYS) : null;
  return latest && latest > window.max ? { min: window.min, max: latest } : window;
}

/** What the RCA form holds: every input as typed. */
export type RcaFormValues = RenewalFormFields & {
  registration_plate: string;
  vin: string;
  vehicle: {
    category: string;
    make: string;
    model: string;
    fuel: string;
    year: string;
    max_mass_kg: string;
    engine_cc: string;
    power_kw: string;
    seats: string;
    use_type: string;
    first_registration_date: string;
    civ_series: string;
  };
  owner: { type: 'person' | 'company'; cnp: string; driving_licence_date: string; cui: string; name: string; caen: string };
  /** "Utilizatorul este altul decât proprietarul": a leasing company owns, a person or company uses. */
  user_differs: boolean;
  user: { type: 'person' | 'company'; first_name: string; last_name: string; cnp: string; cui: string; name: string };
  start_date: string;
  period_months: string;
};

export function emptyRcaForm(today: string): RcaFormValues {
  return {
    registration_plate: '',
    vin: '',
    vehicle: {
      category: 'car',
      make: '',
      model: '',
      fuel: '',
      year: '',
      max_mass_kg: '',
      engine_cc: '',
      power_kw: '',
      seats: '',
      use_type: 'personal',
      first_registration_date: '',
      civ_series: '',
    },
    owner: { type: 'person', cnp: '', driving_licence_date: '', cui: '', name: '', caen: '' },
    user_differs: false,
    user: { type: 'person', first_name: '', last_name: '', cnp: '', cui: '', name: '' },
    start_date: rcaStartWindow(today).min,
    period_months: '12',
    ...NO_RENEWAL,
  };
}
