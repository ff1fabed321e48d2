import { z } from 'zod';
import { addDaysToDay } from '@/lib/time';
import { bucharestToday, choiceField, dayField, daysBetween, dayWindow, displayDay, requiredText } from './common';

/** Travel quote input (backend README "Quote inputs", `travel`). */
export const TRAVEL_ZONES = ['europe', 'world_ex_us_ca', 'world'] as const;
export const TRAVEL_PURPOSES = ['tourism', 'business', 'driver', 'studies', 'work'] as const;
export const TRIP_TYPES = ['single', 'multi'] as const;
export const TRAVEL_MIN_DAYS = 2;
export const TRAVEL_MAX_DAYS = 365;
export const TRAVEL_MAX_TRAVELLERS = 7;
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
  cancellation: 'Valoarea asigurată pentru storno este între 1 și 10.000 EUR.',
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

export function travelStartWindow(now: Date = new Date()) {
  return dayWindow(now, 1, TRAVEL_START_MAX_DAYS);
}

export function travelInputSchema(now: Date = new Date()) {
  const window = travelStartWindow(now);
  const today = bucharestToday(now);
  const oldest = addDaysToDay(`${Number(today.slice(0, 4)) - 100}${today.slice(4)}`, 0);
  return z
    .object({
      zone: choiceField(TRAVEL_ZONES, travelMessages.zone),
      destination: requiredText(travelMessages.destination, 100),
      purpose: choiceField(TRAVEL_PURPOSES, travelMessages.purpose),
      trip_type: choiceField(TRIP_TYPES, travelMessages.tripType),
      start_date: dayField(travelMessages.startRequired).refine(
        (d) => d >= window.min && d <= window.max,
        travelMessages.start(window.min, window.max),
      ),
      end_date: dayField(travelMessages.endRequired),
      travellers: z
        .array(
          z.object({
            birth_date: dayField(travelMessages.birthRequired)
              .refine((d) => d <= today, { error: travelMessages.birthFuture, abort: true })
              .refine((d) => d >= oldest, travelMessages.birthTooOld),
          }),
        )
        .min(1, travelMessages.travellers)
        .max(TRAVEL_MAX_TRAVELLERS, travelMessages.travellers),
      options: z
        .object({
          winter_sports: z.boolean(),
          summer_sports: z.boolean(),
          road_assistance: z.boolean(),
          cancellation: z.boolean(),
          cancellation_insured_value_eur: z.string(),
        })
        .transform((o, ctx) => {
          let value: number | null = null;
          if (o.cancellation) {
            const n = Number(o.cancellation_insured_value_eur.trim().replace(',', '.'));
            if (!o.cancellation_insured_value_eur.trim() || !Number.isInteger(n) || n < 1 || n > 10000) {
              ctx.addIssue({ code: 'custom', path: ['cancellation_insured_value_eur'], message: travelMessages.cancellation });
              return z.NEVER;
            }
            value = n;
          }
          return {
            winter_sports: o.winter_sports,
            summer_sports: o.summer_sports,
            road_assistance: o.road_assistance,
            cancellation_insured_value_eur: value,
          };
        }),
    })
    .transform((v) => (v.trip_type === 'multi' ? { ...v, end_date: multiTripEnd(v.start_date) } : v))
    .superRefine((v, ctx) => {
      if (v.end_date < v.start_date) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: travelMessages.endBeforeStart });
        return;
      }
      const days = tripDays(v.start_date, v.end_date);
      if (days < TRAVEL_MIN_DAYS || days > TRAVEL_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: travelMessages.duration });
      }
    });
}

export type TravelInput = z.output<ReturnType<typeof travelInputSchema>>;

export type TravelFormValues = {
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

export function emptyTravelForm(now: Date = new Date()): TravelFormValues {
  const start = addDaysToDay(bucharestToday(now), 1);
  return {
    zone: 'europe',
    destination: '',
    purpose: 'tourism',
    trip_type: 'single',
    start_date: start,
    end_date: addDaysToDay(start, 6),
    travellers: [{ birth_date: '' }],
    options: { winter_sports: false, summer_sports: false, road_assistance: false, cancellation: false, cancellation_insured_value_eur: '' },
  };
}
