import { z } from 'zod';
import { toBucharestDay } from '@/lib/time';
import { choiceField, dayField, intField, requiredText } from './common';
import { RIM_BANDS, TIRE_TYPES, tireMessages, tirePurchaseWindow } from './tire-values';

/** The tire schema (tire-values.ts has the form's values and messages). */
export function tireInputSchema({ now = new Date(), michelin = false }: { now?: Date; michelin?: boolean } = {}) {
  const window = tirePurchaseWindow(toBucharestDay(now));
  const invoice = z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9/ -]{1,40}$/.test(v), tireMessages.invoice);
  return z.object({
    /** Empty: offers for every plan of the product. */
    plan_code: z
      .string()
      .trim()
      .max(40)
      .transform((v) => (v === '' ? undefined : v)),
    tire_count: michelin ? intField(4, 4, tireMessages.michelinCount) : intField(2, 4, tireMessages.count),
    period_years: michelin ? intField(1, 1, tireMessages.michelinPeriod) : intField(1, 3, tireMessages.period),
    tire_type: choiceField(TIRE_TYPES, tireMessages.tireType),
    rim_band: choiceField(RIM_BANDS, tireMessages.rimBand),
    brand: michelin
      ? requiredText(tireMessages.brand, 40).refine((v) => v.toLowerCase() === 'michelin', tireMessages.michelinBrand).transform(() => 'michelin')
      : requiredText(tireMessages.brand, 40),
    purchase_date: dayField(tireMessages.purchaseRequired).refine(
      (d) => d >= window.min && d <= window.max,
      tireMessages.purchase(window.min, window.max),
    ),
    invoice_number: michelin
      ? invoice.refine((v) => v !== '', tireMessages.invoiceRequired)
      : invoice.transform((v) => (v === '' ? undefined : v)),
  });
}

export type TireInput = z.output<ReturnType<typeof tireInputSchema>>;

export * from './tire-values';
