import { addDaysToDay } from '../day';
import { latestStartDay, NO_RENEWAL, type RenewalFormFields } from '../renewal';
import { displayDay } from './common-values';

/**
 * Tire quote input (backend README "Quote inputs", `tire`; Michelin TireSecure+ with brand "michelin").
 * The zod-free part (choices, messages, the form's shape and its empty values); the schema is in tire.ts,
 * loaded on the first blur or submit.
 */
export const TIRE_TYPES = ['standard', 'run_flat'] as const;
export const RIM_BANDS = ['r13_r16', 'r17_r19', 'r20_plus'] as const;
export const TIRE_PURCHASE_WITHIN_DAYS = 30;
/** A purchase invoice number: 1–40 letters, digits, spaces, „-” and „/”. */
export const TIRE_INVOICE = /^[A-Za-z0-9/ -]{1,40}$/;

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
  purchaseFuture: 'Data cumpărării nu poate fi în viitor.',
  startRequired: 'Alegeți data de început.',
  start: (min: string, max: string) => `Data de început este între ${displayDay(min)} și ${displayDay(max)}.`,
  invoice: 'Numărul facturii are cel mult 40 de caractere (litere, cifre, „-” și „/”).',
} as const;

/** Allowed purchase days, up to `today` (the Bucharest day, `YYYY-MM-DD`). */
export function tirePurchaseWindow(today: string) {
  return { min: addDaysToDay(today, -TIRE_PURCHASE_WITHIN_DAYS), max: today };
}

/**
 * A renewal's start days (the same tires covered again): tomorrow … the day after the renewed policy ends; null when
 * it is too early to renew (more than 30 days before the end). Outside renewals the cover starts after payment.
 */
export function tireRenewalStartWindow(today: string, renewedEndsOn: string) {
  const max = latestStartDay(today, renewedEndsOn, 1);
  return max ? { min: addDaysToDay(today, 1), max } : null;
}

export type TireFormValues = RenewalFormFields & {
  /** Renewals only: the first day of the new cover. */
  start_date: string;
  plan_code: string;
  tire_count: string;
  period_years: string;
  tire_type: string;
  rim_band: string;
  brand: string;
  purchase_date: string;
  invoice_number: string;
};

export function emptyTireForm({ today, michelin = false }: { today: string; michelin?: boolean }): TireFormValues {
  return {
    plan_code: '',
    tire_count: '4',
    period_years: '1',
    tire_type: 'standard',
    rim_band: 'r13_r16',
    brand: michelin ? 'Michelin' : '',
    purchase_date: today,
    invoice_number: '',
    start_date: '',
    ...NO_RENEWAL,
  };
}
