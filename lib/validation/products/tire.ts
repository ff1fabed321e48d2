import { z } from 'zod';
import { addDaysToDay } from '@/lib/time';
import { bucharestToday, choiceField, dayField, displayDay, intField, requiredText } from './common';

/** Tire quote input (backend README "Quote inputs", `tire`; Michelin TireSecure+ with brand "michelin"). */
export const TIRE_TYPES = ['standard', 'run_flat'] as const;
export const RIM_BANDS = ['r13_r16', 'r17_r19', 'r20_plus'] as const;
export const TIRE_PURCHASE_WITHIN_DAYS = 30;

export const tireMessages = {
  plan: 'Alegeți un plan.',
  count: 'Asigurați între 2 și 4 anvelope noi.',
  michelinCount: 'Garanția Michelin se aplică unui set de 4 anvelope.',
  period: 'Perioada este între 1 și 3 ani.',
  michelinPeriod: 'Garanția Michelin durează 1 an.',
  tireType: 'Alegeți tipul anvelopelor.',
  rimBand: 'Alegeți diametrul jantei.',
  brand: 'Introduceți marca anvelopelor.',
  michelinBrand: 'Garanția se aplică doar anvelopelor Michelin.',
  purchaseRequired: 'Introduceți data cumpărării.',
  purchase: (min: string, max: string) =>
    `Anvelopele trebuie cumpărate în ultimele ${TIRE_PURCHASE_WITHIN_DAYS} de zile (între ${displayDay(min)} și ${displayDay(max)}).`,
  invoiceRequired: 'Introduceți numărul facturii.',
  invoice: 'Numărul facturii are cel mult 40 de caractere (litere, cifre, „-” și „/”).',
} as const;

export function tirePurchaseWindow(now: Date = new Date()) {
  const today = bucharestToday(now);
  return { min: addDaysToDay(today, -TIRE_PURCHASE_WITHIN_DAYS), max: today };
}

export function tireInputSchema({ now = new Date(), michelin = false }: { now?: Date; michelin?: boolean } = {}) {
  const window = tirePurchaseWindow(now);
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

export type TireFormValues = {
  plan_code: string;
  tire_count: string;
  period_years: string;
  tire_type: string;
  rim_band: string;
  brand: string;
  purchase_date: string;
  invoice_number: string;
};

export function emptyTireForm({ now = new Date(), michelin = false }: { now?: Date; michelin?: boolean } = {}): TireFormValues {
  return {
    plan_code: '',
    tire_count: '4',
    period_years: '1',
    tire_type: 'standard',
    rim_band: 'r13_r16',
    brand: michelin ? 'Michelin' : '',
    purchase_date: bucharestToday(now),
    invoice_number: '',
  };
}
