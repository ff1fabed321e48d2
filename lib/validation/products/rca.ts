import { z } from 'zod';
import { rcaInput } from '@/contract/quotes';
import { cnpBirthDate } from '@/contract/formats';
import { toBucharestDay } from '@/lib/time';
import { renewalRefs, renewedEndsOn } from '@/contract/renewal';
import {
  choiceField,
  cnpField,
  cuiField,
  dayField,
  intField,
  plateField,
  requiredText,
  toWire,
  vinField,
} from '@/contract/fields';
import { productMessages } from '@/contract/products/common-values';
import { FUELS, USE_TYPES, VEHICLE_CATEGORIES, rcaMessages, rcaStartWindow } from '@/contract/products/rca-values';

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
        name: requiredText(productMessages.companyNameRequired, 200),
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

/** The vehicle's user when it is not the owner. */
export const userSchema = () =>
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('person'),
        first_name: requiredText(productMessages.firstNameRequired, 100),
        last_name: requiredText(productMessages.lastNameRequired, 100),
        cnp: cnpField(),
      }),
      z.object({ type: z.literal('company'), cui: cuiField(), name: requiredText(productMessages.companyNameRequired, 200) }),
    ],
    { error: rcaMessages.userType },
  );

export function rcaInputSchema(now: Date = new Date()) {
  const today = toBucharestDay(now);
  const form = z
    .object({
      registration_plate: plateField(),
      vin: vinField(),
      vehicle: vehicleSchema(now),
      owner: ownerSchema(now),
      user_differs: z.boolean().optional(),
      user: z.unknown().optional(),
      start_date: dayField(rcaMessages.startRequired),
      period_months: intField(1, 12, rcaMessages.period),
      renewal_of: z.string().optional(),
      renewal_token: z.string().optional(),
      renewal_ends_on: z.string().optional(),
    })
    .transform((v, ctx) => {
      const window = rcaStartWindow(today, renewedEndsOn(v));
      if (v.start_date < window.min || v.start_date > window.max) {
        ctx.addIssue({ code: 'custom', path: ['start_date'], message: rcaMessages.start(window.min, window.max) });
      }
      let user: z.output<ReturnType<typeof userSchema>> | null = null;
      if (v.user_differs) {
        const parsed = userSchema().safeParse(v.user);
        if (parsed.success) user = parsed.data;
        else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['user', ...issue.path.map(String)], message: issue.message });
      }
      return {
        registration_plate: v.registration_plate,
        vin: v.vin,
        vehicle: v.vehicle,
        owner: v.owner,
        user,
        start_date: v.start_date,
        period_months: v.period_months,
        ...renewalRefs(v),
      };
    });
  return toWire(form, rcaInput);
}

export type RcaInput = z.output<ReturnType<typeof rcaInputSchema>>;
