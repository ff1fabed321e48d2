import { z } from 'zod';
import { houseInput } from '@/contract/quotes';
import { renewalRefs, renewedEndsOn } from '@/contract/renewal';
import { toBucharestDay } from '@/lib/time';
import { choiceField, dayField, intField, requiredText, toWire } from '@/contract/fields';
import { ENVIRONMENTS, INSTALMENTS, STRUCTURES, houseMessages, houseStartWindow } from '@/contract/products/house-values';

/** The house schema (house-values.ts has the form's values and messages). */
const voluntarySchema = z.object({
  building_sum_lei: intField(10000, 5_000_000, houseMessages.building),
  contents_sum_lei: intField(0, 1_000_000, houseMessages.contents),
  options: z.object({ theft: z.boolean(), liability: z.boolean(), pipes: z.boolean(), electrical: z.boolean() }),
  instalments: choiceField(INSTALMENTS, houseMessages.instalments).transform((v) => Number(v) as 1 | 2 | 4),
});

export function houseInputSchema(now: Date = new Date()) {
  const today = toBucharestDay(now);
  const maxYear = Number(today.slice(0, 4));
  const form = z.object({
    start_date: dayField(houseMessages.startRequired),
    renewal_of: z.string().optional(),
    renewal_token: z.string().optional(),
    renewal_ends_on: z.string().optional(),
    address: z.object({
      county: requiredText(houseMessages.county, 60),
      town: requiredText(houseMessages.town, 100),
      street: requiredText(houseMessages.street, 150),
    }),
    environment: choiceField(ENVIRONMENTS, houseMessages.environment),
    structure: choiceField(STRUCTURES, houseMessages.structure),
    year_built: intField(1850, maxYear, houseMessages.year(maxYear)),
    area_sqm: intField(10, 2000, houseMessages.area),
    rooms: intField(1, 30, houseMessages.rooms),
    floors: intField(1, 60, houseMessages.floors),
    voluntary: z
      .object({
        enabled: z.boolean(),
        building_sum_lei: z.string(),
        contents_sum_lei: z.string(),
        options: z.object({ theft: z.boolean(), liability: z.boolean(), pipes: z.boolean(), electrical: z.boolean() }),
        instalments: z.string(),
      })
      .transform((v, ctx) => {
        if (!v.enabled) return null;
        const result = voluntarySchema.safeParse(v);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
          }
          return z.NEVER;
        }
        return result.data;
      }),
  })
    // The start window depends on the renewal; checked even while other fields are still missing.
    .superRefine(
      (v, ctx) => {
        const window = houseStartWindow(today, renewedEndsOn(v));
        if (v.start_date < window.min || v.start_date > window.max) {
          ctx.addIssue({ code: 'custom', path: ['start_date'], message: houseMessages.start(window.min, window.max) });
        }
      },
      { when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'start_date') },
    )
    .transform(({ renewal_of, renewal_token, renewal_ends_on, ...input }) => ({
      ...input,
      ...renewalRefs({ renewal_of, renewal_token, renewal_ends_on }),
    }));
  return toWire(form, houseInput);
}

export type HouseInput = z.output<ReturnType<typeof houseInputSchema>>;
