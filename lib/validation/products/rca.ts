import { z } from 'zod';
import { cnpBirthDate } from '@/lib/validation/formats';
import { toBucharestDay } from '@/lib/time';
import {
  choiceField,
  cnpField,
  cuiField,
  dayField,
  intField,
  plateField,
  productMessages,
  requiredText,
  vinField,
} from './common';
import { FUELS, USE_TYPES, VEHICLE_CATEGORIES, rcaMessages, rcaStartWindow } from './rca-values';

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
          if (owner.driving_licence_date > toBucharestDay(now)) {
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
  const maxYear = Number(toBucharestDay(now).slice(0, 4)) + 1;
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

export const startDateField = (window: { min: string; max: string }, required: string, message: string) =>
  dayField(required).refine((d) => d >= window.min && d <= window.max, message);

export function rcaInputSchema(now: Date = new Date()) {
  const window = rcaStartWindow(toBucharestDay(now));
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

export * from './rca-values';
