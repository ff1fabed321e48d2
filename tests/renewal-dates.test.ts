import { describe, expect, it, vi } from 'vitest';
import { movedTrip, renewalRefs, renewedEndsOn, sameRenewal } from '@/contract/renewal';
import { fieldErrorsOf } from './helpers/field-errors';
import { houseInputSchema } from '@/lib/validation/products/house';
import { emptyHouseForm, houseStartWindow } from '@/contract/products/house-values';
import { tireInputSchema } from '@/lib/validation/products/tire';
import { emptyTireForm, tireMessages, tireRenewalStartWindow } from '@/contract/products/tire-values';

vi.mock('@/lib/api/server', () => ({ backendFetch: vi.fn() }));
const { renewalFormValues } = await import('@/lib/shop/renewal');

/** Issue 14 item 3: every product's renewal starts the day after the old policy ends (Europe/Bucharest days). */
const TODAY = '2026-11-23';
const NOW = new Date('2026-11-23T10:00:00Z');

describe('renewal form values', () => {
  it('house: the old data, starting the day after the old policy ends, naming the renewed policy', () => {
    const values = renewalFormValues(
      {
        product_code: 'house-insurance',
        ends_on: '2026-12-10',
        input: { address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Lungă 1' }, structure: 'A', year_built: 1995, start_date: '2025-12-11', voluntary: null },
        ref: { renewal_of: '7' },
      },
      TODAY,
    );
    expect(values).toMatchObject({ start_date: '2026-12-11', renewal_of: '7', renewal_token: '', renewal_ends_on: '2026-12-10', year_built: '1995', voluntary: '' });
    expect(values.address).toEqual({ county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Lungă 1' });
  });

  it('travel: keeps the trip length, moved to start the day after the old end (tomorrow when it ended)', () => {
    const trip = { zone: 'europe', trip_type: 'single', start_date: '2026-09-25', end_date: '2026-10-04' };
    const ended = renewalFormValues({ product_code: 'travel', ends_on: '2026-10-04', input: trip, ref: { renewal_of: '3' } }, TODAY);
    expect(ended).toMatchObject({ start_date: '2026-11-24', end_date: '2026-12-03' });
    const later = renewalFormValues({ product_code: 'travel', ends_on: '2026-12-31', input: { ...trip, start_date: '2026-12-30', end_date: '2026-12-31' }, ref: { renewal_token: 't'.repeat(32) } }, TODAY);
    expect(later).toMatchObject({ start_date: '2027-01-01', end_date: '2027-01-02', renewal_token: 't'.repeat(32), renewal_of: '' });
    const multi = renewalFormValues({ product_code: 'travel', ends_on: '2026-12-31', input: { ...trip, trip_type: 'multi' }, ref: { renewal_of: '3' } }, TODAY);
    expect(multi).toMatchObject({ start_date: '2027-01-01', end_date: '2027-12-31' });
  });

  it('tires: the same tires (purchase date kept) from the day after the old end', () => {
    const values = renewalFormValues(
      { product_code: 'tire', ends_on: '2026-12-01', input: { tire_count: 4, brand: 'Continental', purchase_date: '2025-11-20' }, ref: { renewal_of: '9' } },
      TODAY,
    );
    expect(values).toMatchObject({ start_date: '2026-12-02', purchase_date: '2025-11-20', tire_count: '4' });
  });

  it('moves a trip keeping its length across months and leap days', () => {
    expect(movedTrip('2026-01-30', '2026-02-02', '2028-02-27')).toEqual({ start_date: '2028-02-27', end_date: '2028-03-01' });
  });

  it('names the renewed policy by id or by the reminder token, and only with its end', () => {
    expect(renewalRefs({ renewal_of: '12', renewal_token: '', renewal_ends_on: '2026-12-01' })).toEqual({ renewal_of: 12 });
    expect(renewalRefs({ renewal_of: '', renewal_token: 'a'.repeat(32), renewal_ends_on: '2026-12-01' })).toEqual({ renewal_token: 'a'.repeat(32) });
    expect(renewalRefs({ renewal_of: '12', renewal_token: '', renewal_ends_on: '' })).toEqual({});
    expect(renewedEndsOn({ renewal_of: 'x', renewal_token: 'short', renewal_ends_on: '2026-12-01' })).toBeNull();
    expect(sameRenewal({ renewal_of: '1', renewal_token: '' }, { renewal_of: '1', renewal_token: '' })).toBe(true);
    expect(sameRenewal({ renewal_of: '1', renewal_token: '' }, { renewal_of: '2', renewal_token: '' })).toBe(false);
  });
});

describe('house renewal window', () => {
  const house = { ...emptyHouseForm(TODAY), address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Lungă 1' }, year_built: '1995', area_sqm: '72', rooms: '3', floors: '4' };

  it('starts up to the day after the old policy ends, bought at most 30 days before', () => {
    expect(houseStartWindow(TODAY)).toEqual({ min: '2026-11-24', max: '2026-12-23' });
    expect(houseStartWindow(TODAY, '2026-12-23')).toEqual({ min: '2026-11-24', max: '2026-12-24' });
    expect(houseStartWindow(TODAY, '2026-12-24')).toEqual({ min: '2026-11-24', max: '2026-12-23' });
  });

  it('the schema accepts the renewal start only for a renewal, and sends the renewed policy', () => {
    const renewal = { ...house, start_date: '2026-12-24', renewal_of: '7', renewal_ends_on: '2026-12-23' };
    expect(houseInputSchema(NOW).parse(renewal)).toMatchObject({ start_date: '2026-12-24', renewal_of: 7 });
    expect(houseInputSchema(NOW).parse(house)).not.toHaveProperty('renewal_of');
    const plain = houseInputSchema(NOW).safeParse({ ...house, start_date: '2026-12-24' });
    expect(plain.success).toBe(false);
    expect(Object.keys(fieldErrorsOf(plain.error!))).toEqual(['start_date']);
  });
});

describe('tire renewal', () => {
  const tires = { ...emptyTireForm({ today: TODAY }), plan_code: 'basic', brand: 'Continental' };

  it('starts tomorrow … the day after the old end; too early more than 30 days before it', () => {
    expect(tireRenewalStartWindow(TODAY, '2026-12-10')).toEqual({ min: '2026-11-24', max: '2026-12-11' });
    expect(tireRenewalStartWindow(TODAY, '2026-11-01')).toEqual({ min: '2026-11-24', max: '2026-11-24' });
    expect(tireRenewalStartWindow(TODAY, '2026-12-24')).toBeNull();
  });

  it('keeps the old purchase date and sends the start; new tires still need a purchase in the last 30 days', () => {
    const renewal = { ...tires, purchase_date: '2025-11-20', start_date: '2026-12-11', renewal_of: '9', renewal_ends_on: '2026-12-10' };
    expect(tireInputSchema({ now: NOW }).parse(renewal)).toMatchObject({ purchase_date: '2025-11-20', start_date: '2026-12-11', renewal_of: 9 });
    const late = tireInputSchema({ now: NOW }).safeParse({ ...renewal, start_date: '2026-12-12' });
    expect(fieldErrorsOf(late.error!)).toEqual({ start_date: tireMessages.start('2026-11-24', '2026-12-11') });
    const plain = tireInputSchema({ now: NOW }).parse({ ...tires, start_date: '2026-12-11' });
    expect(plain).not.toHaveProperty('start_date');
    const old = tireInputSchema({ now: NOW }).safeParse({ ...tires, purchase_date: '2025-11-20', tire_count: '' });
    expect(fieldErrorsOf(old.error!).purchase_date).toBe(tireMessages.purchase('2026-10-24', '2026-11-23'));
  });
});
