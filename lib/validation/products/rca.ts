import { z } from 'zod';
import { cnpBirthDate } from '@/lib/validation/formats';
import {
  bucharestToday,
  choiceField,
  cnpField,
  cuiField,
  dayField,
  dayWindow,
  displayDay,
  intField,
  plateField,
  productMessages,
  requiredText,
  vinField,
} from './common';

/** RCA quote input (backend README "Quote inputs", `rca`). */
export const VEHICLE_CATEGORIES = ['car', 'van', 'motorcycle', 'trailer'] as const;
export const FUELS = ['petrol', 'diesel', 'hybrid', 'electric', 'lpg'] as const;
export const USE_TYPES = ['personal', 'taxi', 'rent', 'courier'] as const;
export const OWNER_TYPES = ['person', 'company'] as const;
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
} as const;

export const ownerSchema = (now: Date) =>
  z.discriminatedUnion(
    'type',
    [
      z
        .object({
          type: z.literal('person'),
          cnp: cnpField(),
          driving_licence_date: dayField(rcaMessages.licenceRequired),
        })
        .superRefine((owner, ctx) => {
          if (owner.driving_licence_date > bucharestToday(now)) {
            ctx.addIssue({ code: 'custom', path: ['driving_licence_date'], message: rcaMessages.licenceFuture });
            return;
          }
          const birth = cnpBirthDate(owner.cnp, now);
          if (birth) {
            const sixteen = `${Number(birth.slice(0, 4)) + 16}${birth.slice(4)}`;
            if (owner.driving_licence_date < sixteen) {
              ctx.addIssue({ code: 'custom', path: ['driving_licence_date'], message: rcaMessages.licenceTooEarly });
            }
          }
        }),
      z.object({
        type: z.literal('company'),
        cui: cuiField(),
        caen: z
          .string()
          .trim()
          .optional()
          .refine((v) => !v || /^\d{4}$/.test(v), productMessages.caen)
          .transform((v) => (v ? v : undefined)),
      }),
    ],
    { error: rcaMessages.ownerType },
  );

export const vehicleSchema = (now: Date) => {
  const maxYear = Number(bucharestToday(now).slice(0, 4)) + 1;
  return z
    .object({
      category: choiceField(VEHICLE_CATEGORIES, rcaMessages.category),
      make: requiredText(rcaMessages.make, 60),
      model: requiredText(rcaMessages.model, 60),
      fuel: choiceField(FUELS, rcaMessages.fuel),
      year: intField(1950, maxYear, rcaMessages.year(maxYear)),
      max_mass_kg: intField(1, 40000, rcaMessages.mass),
      engine_cc: intField(0, 10000, rcaMessages.engine),
      power_kw: intField(0, 1000, rcaMessages.power),
      seats: intField(0, 60, rcaMessages.seats),
      use_type: choiceField(USE_TYPES, rcaMessages.useType),
    })
    .superRefine((v, ctx) => {
      const motorised = v.category !== 'trailer';
      if (motorised && v.fuel !== 'electric' && v.engine_cc === 0) {
        ctx.addIssue({ code: 'custom', path: ['engine_cc'], message: rcaMessages.engineNeeded });
      }
      if (motorised && v.power_kw === 0) {
        ctx.addIssue({ code: 'custom', path: ['power_kw'], message: rcaMessages.powerNeeded });
      }
      if (motorised && v.seats === 0) {
        ctx.addIssue({ code: 'custom', path: ['seats'], message: rcaMessages.seatsNeeded });
      }
    });
};

export function rcaStartWindow(now: Date = new Date()) {
  return dayWindow(now, RCA_START_MIN_DAYS, RCA_START_MAX_DAYS);
}

export const startDateField = (window: { min: string; max: string }, required: string, message: string) =>
  dayField(required).refine((d) => d >= window.min && d <= window.max, message);

export function rcaInputSchema(now: Date = new Date()) {
  const window = rcaStartWindow(now);
  return z.object({
    registration_plate: plateField(),
    vin: vinField(),
    vehicle: vehicleSchema(now),
    owner: ownerSchema(now),
    start_date: startDateField(window, rcaMessages.startRequired, rcaMessages.start(window.min, window.max)),
    period_months: intField(1, 12, rcaMessages.period),
  });
}

export type RcaInput = z.output<ReturnType<typeof rcaInputSchema>>;

/** What the RCA form holds: every input as typed. */
export type RcaFormValues = {
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
  owner: { type: 'person' | 'company'; cnp: string; driving_licence_date: string; cui: string; caen: string };
  start_date: string;
  period_months: string;
};

export function emptyRcaForm(now: Date = new Date()): RcaFormValues {
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
    owner: { type: 'person', cnp: '', driving_licence_date: '', cui: '', caen: '' },
    start_date: rcaStartWindow(now).min,
    period_months: '12',
  };
}
