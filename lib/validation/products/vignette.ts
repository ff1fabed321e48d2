import { z } from 'zod';
import { toWire } from '@/contract/fields';
import { huVignetteInput, roVignetteInput } from '@/contract/quotes';
import { toBucharestDay } from '@/lib/time';
import { isValidPlate, isValidVin, normalizePlate, normalizeVin } from '@/contract/formats';
import { isStartDateAllowed, startDateWindow, validitiesFor, type VignetteTariff } from '@/contract/vignette-rules';
import { productMessages } from '@/contract/products/common-values';
import { isValidDay } from '@/contract/day';
import { vignetteMessages, type VignetteKind } from '@/contract/products/vignette-values';

/** What the schema needs of the product's tariff (lib/vignettes/catalog.ts `vignetteOptions`). */
type Tariff = Pick<VignetteTariff, 'categories' | 'validities' | 'counties' | 'start_date'> & { countries: { value: string }[] };

/**
 * The vignette schema, built from the product's own tariff: a category of the tariff, a validity the tariff sells
 * for it, a start day in the tariff's window (Europe/Bucharest), a Romanian plate when the country is RO (2–12
 * letters and digits otherwise), the optional VIN of a rovinietă and the counties of an e-matrica county pass.
 * The output is the backend's `input`; error paths are its field names.
 */
export function vignetteInputSchema(kind: VignetteKind, tariff: Tariff, { now = new Date() }: { now?: Date } = {}): z.ZodType<VignetteInput> {
  const today = toBucharestDay(now);
  const window = startDateWindow(today, tariff.start_date);
  const countries = new Set(tariff.countries.map((c) => c.value));
  const countyCodes = new Set((tariff.counties ?? []).map((c) => c.code));
  const form = z
    .object({
      category: z.string().trim(),
      registration_plate: z.string().trim(),
      country: z.string().trim().toUpperCase(),
      vin: z.string().trim().optional().default(''),
      start_date: z.string().trim(),
      validity: z.string().trim(),
      counties: z.array(z.string()).optional().default([]),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const category = tariff.categories.find((c) => c.code === v.category);
      if (!category) issue('category', vignetteMessages.category);
      if (!countries.has(v.country)) issue('country', vignetteMessages.country);
      const plate = normalizePlate(v.registration_plate);
      if (plate === '') issue('registration_plate', productMessages.plateRequired);
      else if (v.country === 'RO' ? !isValidPlate(plate) : !/^[A-Z0-9]{2,12}$/.test(plate)) {
        issue('registration_plate', v.country === 'RO' ? productMessages.plate : vignetteMessages.foreignPlate);
      }
      if (kind === 'ro' && v.vin !== '' && !isValidVin(v.vin)) issue('vin', productMessages.vin);
      if (v.start_date === '') issue('start_date', vignetteMessages.startRequired);
      else if (!isValidDay(v.start_date)) issue('start_date', productMessages.date);
      else if (!isStartDateAllowed(v.start_date, today, tariff.start_date)) issue('start_date', vignetteMessages.start(window.min, window.max));
      const validity = category ? validitiesFor(tariff, category.code).find((x) => x.code === v.validity) : undefined;
      if (v.validity === '') issue('validity', vignetteMessages.validity);
      else if (category && !validity) issue('validity', vignetteMessages.validityForCategory(category.code));
      if (kind === 'hu' && validity?.per_county) {
        if (v.counties.length === 0) issue('counties', vignetteMessages.counties);
        else if (v.counties.some((c) => !countyCodes.has(c))) issue('counties', vignetteMessages.countiesFromList);
      }
    })
    .transform((v) => {
      const base = {
        category: v.category,
        registration_plate: normalizePlate(v.registration_plate),
        country: v.country,
        start_date: v.start_date,
        validity: v.validity,
      };
      if (kind === 'ro') return { ...base, vin: v.vin === '' ? null : normalizeVin(v.vin) };
      const perCounty = tariff.validities.find((x) => x.code === v.validity)?.per_county ?? false;
      return { ...base, counties: perCounty ? [...new Set(v.counties)] : [] };
    });
  return kind === 'ro' ? toWire(form, roVignetteInput) : toWire(form, huVignetteInput);
}

/** The backend's `input` of a rovinietă or an e-matrica quote. */
export type VignetteInput = z.output<typeof roVignetteInput> | z.output<typeof huVignetteInput>;
