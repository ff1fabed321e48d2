import { addDaysToDay, daysBetween } from '../day';
import { NO_RENEWAL, type RenewalFormFields } from '../renewal';
import { dayWindow, displayDay } from './common-values';

/** Travel quote input (backend README "Quote inputs", `travel`). */
export const TRAVEL_ZONES = ['europe', 'world_ex_us_ca', 'world'] as const;
export const TRAVEL_PURPOSES = ['tourism', 'business', 'driver', 'studies', 'work'] as const;
export const TRIP_TYPES = ['single', 'multi'] as const;
/** The choices' names (the product's `options` and the policy document). */
export const TRAVEL_ZONE_LABELS: Record<(typeof TRAVEL_ZONES)[number], string> = {
  europe: 'Europa',
  world_ex_us_ca: 'Toată lumea, fără SUA și Canada',
  world: 'Toată lumea',
};
export const TRAVEL_PURPOSE_LABELS: Record<(typeof TRAVEL_PURPOSES)[number], string> = {
  tourism: 'Turism',
  business: 'Afaceri',
  driver: 'Șofer profesionist',
  studies: 'Studii',
  work: 'Muncă',
};
export const TRAVEL_MIN_DAYS = 2;
export const TRAVEL_MAX_DAYS = 365;
export const TRAVEL_MAX_TRAVELLERS = 7;
/** The smallest trip-cancellation (storno) value insured, in whole euros (the quote's rule). */
export const TRAVEL_CANCELLATION_MIN_EUR = 100;
/** How far ahead a trip may start. */
export const TRAVEL_START_MAX_DAYS = 365;

export const travelMessages = {
  zone: 'Alegeți zona de călătorie.',
  destination: 'Introduceți destinația.',
  purpose: 'Alegeți scopul călătoriei.',
  tripType: 'Alegeți tipul călătoriei.',
  startRequired: 'Alegeți data plecării.',
  start: (min: string, max: string) => `Data plecării este între ${displayDay(min)} și ${displayDay(max)}.`,
  endRequired: 'Alegeți data întoarcerii.',
  endBeforeStart: 'Data întoarcerii trebuie să fie după data plecării.',
  duration: `Călătoria durează între ${TRAVEL_MIN_DAYS} și ${TRAVEL_MAX_DAYS} de zile.`,
  travellers: `Asigurați între 1 și ${TRAVEL_MAX_TRAVELLERS} călători.`,
  birthRequired: 'Introduceți data nașterii.',
  birthFuture: 'Data nașterii nu poate fi în viitor.',
  birthTooOld: 'Vârsta maximă acceptată este 100 de ani.',
  cancellation: `Valoarea asigurată pentru storno este între ${TRAVEL_CANCELLATION_MIN_EUR} și 10.000 EUR.`,
} as const;

/** Trip length in days, counting both the departure and the return day. */
export function tripDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** Last day of a one-year multi-trip policy starting on `start` (the backend's rule). */
export function multiTripEnd(start: string): string {
  const [y, m, d] = start.split('-').map(Number);
  const lastDayOfTargetMonth = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  const sameDayNextYear = `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDayOfTargetMonth)).padStart(2, '0')}`;
  return addDaysToDay(sameDayNextYear, -1);
}

/** Allowed departure days, from `today` (the Bucharest day, `YYYY-MM-DD`). */
export function travelStartWindow(today: string) {
  return dayWindow(today, 1, TRAVEL_START_MAX_DAYS);
}

/** A renewal's fields only tell the form which policy it renews: any trip may start up to a year ahead. */
export type TravelFormValues = RenewalFormFields & {
  zone: string;
  destination: string;
  purpose: string;
  trip_type: string;
  start_date: string;
  end_date: string;
  travellers: { birth_date: string }[];
  options: {
    winter_sports: boolean;
    summer_sports: boolean;
    road_assistance: boolean;
    cancellation: boolean;
    cancellation_insured_value_eur: string;
  };
};

export function emptyTravelForm(today: string): TravelFormValues {
  const start = addDaysToDay(today, 1);
  return {
    zone: 'europe',
    destination: '',
    purpose: 'tourism',
    trip_type: 'single',
    start_date: start,
    end_date: addDaysToDay(start, 6),
    travellers: [{ birth_date: '' }],
    options: { winter_sports: false, summer_sports: false, road_assistance: false, cancellation: false, cancellation_insured_value_eur: '' },
    ...NO_RENEWAL,
  };
}
