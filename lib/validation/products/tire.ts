import { z } from 'zod';
import { tireInput } from '@/contract/quotes';
import { renewalRefs, renewedEndsOn } from '@/contract/renewal';
import { toBucharestDay } from '@/lib/time';
import { isValidDay } from '@/contract/day';
import { choiceField, dayField, intField, requiredText, toWire } from '@/contract/fields';
import { RIM_BANDS, TIRE_INVOICE, TIRE_TYPES, tireMessages, tirePurchaseWindow, tireRenewalStartWindow } from '@/contract/products/tire-values';

/** The tire schema (tire-values.ts has the form's values and messages). */
export function tireInputSchema({ now = new Date(), michelin = false }: { now?: Date; michelin?: boolean } = {}) {
  const today = toBucharestDay(now);
  const window = tirePurchaseWindow(today);
  const invoice = z
    .string()
    .trim()
    .refine((v) => v === '' || TIRE_INVOICE.test(v), tireMessages.invoice);
  const form = z.object({
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
    purchase_date: dayField(tireMessages.purchaseRequired),
    start_date: z.string().optional(),
    renewal_of: z.string().optional(),
    renewal_token: z.string().optional(),
    renewal_ends_on: z.string().optional(),
    invoice_number: michelin
      ? invoice.refine((v) => v !== '', tireMessages.invoiceRequired)
      : invoice.transform((v) => (v === '' ? undefined : v)),
  })
    // The dates depend on the renewal; checked even while other fields are still missing.
    .superRefine(
      (v, ctx) => {
        const renewedEnd = renewedEndsOn(v);
        if (!renewedEnd) {
          // New tires: bought in the last 30 days; the cover starts the day after payment.
          if (v.purchase_date < window.min || v.purchase_date > window.max) {
            ctx.addIssue({ code: 'custom', path: ['purchase_date'], message: tireMessages.purchase(window.min, window.max) });
          }
          return;
        }
        // A renewal: the same tires again (bought earlier), from the day after the old policy ends.
        if (v.purchase_date > today) ctx.addIssue({ code: 'custom', path: ['purchase_date'], message: tireMessages.purchaseFuture });
        const starts = tireRenewalStartWindow(today, renewedEnd);
        if (!v.start_date || !isValidDay(v.start_date)) ctx.addIssue({ code: 'custom', path: ['start_date'], message: tireMessages.startRequired });
        else if (starts && (v.start_date < starts.min || v.start_date > starts.max)) {
          ctx.addIssue({ code: 'custom', path: ['start_date'], message: tireMessages.start(starts.min, starts.max) });
        }
      },
      { when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'purchase_date') },
    )
    .transform(({ start_date, renewal_of, renewal_token, renewal_ends_on, ...input }) => {
      const renewal = { renewal_of, renewal_token, renewal_ends_on };
      return renewedEndsOn(renewal) ? { ...input, start_date: start_date!, ...renewalRefs(renewal) } : input;
    });
  return toWire(form, tireInput);
}

export type TireInput = z.output<ReturnType<typeof tireInputSchema>>;
