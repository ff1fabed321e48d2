import { z } from 'zod';
import { travelInput } from '@/contract/quotes';
import { addDaysToDay } from '@/contract/day';
import { toBucharestDay } from '@/lib/time';
import { choiceField, dayField, requiredText, toWire } from '@/contract/fields';
import {
  TRAVEL_CANCELLATION_MIN_EUR,
  TRAVEL_MAX_DAYS,
  TRAVEL_MAX_TRAVELLERS,
  TRAVEL_MIN_DAYS,
  TRAVEL_PURPOSES,
  TRAVEL_ZONES,
  TRIP_TYPES,
  multiTripEnd,
  travelMessages,
  travelStartWindow,
  tripDays,
} from '@/contract/products/travel-values';

export function travelInputSchema(now: Date = new Date()) {
  const today = toBucharestDay(now);
  const window = travelStartWindow(today);
  const oldest = addDaysToDay(`${Number(today.slice(0, 4)) - 100}${today.slice(4)}`, 0);
  const form = z
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
            if (!o.cancellation_insured_value_eur.trim() || !Number.isInteger(n) || n < TRAVEL_CANCELLATION_MIN_EUR || n > 10000) {
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
  return toWire(form, travelInput);
}

export type TravelInput = z.output<ReturnType<typeof travelInputSchema>>;
