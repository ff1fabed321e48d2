import { describe, expect, it } from 'vitest';
import type { Offer } from '@/contract/types';
import { latestStartDay, renewalStartDay } from '@/contract/renewal';
import { rankOffers } from '@/lib/shop/offers';
import { cuiControlDigit, isValidCui } from '@/contract/formats';
import { rcaInputSchema } from '@/lib/validation/products/rca';
import { emptyRcaForm, rcaStartWindow, type RcaFormValues } from '@/contract/products/rca-values';

describe('renewal start (Europe/Bucharest days)', () => {
  it('starts the day after the old policy ends', () => {
    expect(renewalStartDay('2026-12-13', '2026-11-23')).toBe('2026-12-14');
    expect(renewalStartDay('2026-12-31', '2026-12-20')).toBe('2027-01-01');
    expect(renewalStartDay('2028-02-28', '2028-02-01')).toBe('2028-02-29');
  });

  it('starts tomorrow when the old policy has ended or ends today', () => {
    expect(renewalStartDay('2026-11-01', '2026-11-23')).toBe('2026-11-24');
    expect(renewalStartDay('2026-11-23', '2026-11-23')).toBe('2026-11-24');
    expect(renewalStartDay('2026-11-22', '2026-11-23')).toBe('2026-11-24');
  });

  it('lets an RCA renewal start 31 days ahead when bought 30 days before the end, not earlier', () => {
    expect(latestStartDay('2026-11-23', null)).toBe('2026-12-23');
    expect(latestStartDay('2026-11-23', '2026-12-23')).toBe('2026-12-24');
    expect(latestStartDay('2026-11-23', '2026-12-13')).toBe('2026-12-23');
    expect(latestStartDay('2026-11-23', '2026-12-24')).toBeNull();
    expect(rcaStartWindow('2026-11-23', '2026-12-23')).toEqual({ min: '2026-11-24', max: '2026-12-24' });
    expect(rcaStartWindow('2026-11-23', '2026-12-24')).toEqual({ min: '2026-11-24', max: '2026-12-23' });
  });

  it('the RCA form accepts the renewal start and sends the renewed policy', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const form: RcaFormValues = {
      ...emptyRcaForm('2026-11-23'),
      registration_plate: 'CJ45XYZ',
      vin: 'UU1HSDAAG52345678',
      vehicle: { ...emptyRcaForm('2026-11-23').vehicle, make: 'Dacia', model: 'Logan', fuel: 'lpg', year: '2020', max_mass_kg: '1560', engine_cc: '999', power_kw: '67', seats: '5' },
      owner: { type: 'person', cnp: '2901123123456', driving_licence_date: '2010-05-01', cui: '', name: '', caen: '' },
      start_date: '2026-12-24',
      renewal_of: '5',
      renewal_ends_on: '2026-12-23',
    };
    const ok = rcaInputSchema(now).safeParse(form);
    expect(ok.success && ok.data).toMatchObject({ start_date: '2026-12-24', renewal_of: 5, user: null });
    expect(rcaInputSchema(now).safeParse({ ...form, renewal_of: '', renewal_ends_on: '' }).success).toBe(false);
  });
});

describe('company buyers', () => {
  it('checks the CUI control digit (weights 7 5 3 2 1 7 5 3 2, ×10 mod 11, 10 → 0)', () => {
    expect(cuiControlDigit('1472583')).toBe(1);
    expect(isValidCui('14725831')).toBe(true);
    expect(isValidCui('RO14725831')).toBe(true);
    expect(isValidCui('14725832')).toBe(false);
    expect(isValidCui('15900825')).toBe(true);
    expect(isValidCui('1')).toBe(false);
  });

  it('the RCA form asks a company owner its name and a differing user in full', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const base: RcaFormValues = {
      ...emptyRcaForm('2026-11-23'),
      registration_plate: 'IF10AAA',
      vin: 'WBA3A5C51CF256789',
      vehicle: { ...emptyRcaForm('2026-11-23').vehicle, make: 'BMW', model: '320d', fuel: 'diesel', year: '2016', max_mass_kg: '2045', engine_cc: '1995', power_kw: '140', seats: '5' },
      owner: { type: 'company', cnp: '', driving_licence_date: '', cui: 'RO15900825', name: '', caen: '' },
    };
    const noName = rcaInputSchema(now).safeParse(base);
    expect(noName.success).toBe(false);
    expect(noName.error?.issues.map((i) => i.path.join('.'))).toContain('owner.name');
    const leasing = { ...base, owner: { ...base.owner, name: 'Leasing Demo IFN SA' }, user_differs: true };
    const noUser = rcaInputSchema(now).safeParse(leasing);
    expect(noUser.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['user.cnp', 'user.first_name', 'user.last_name']);
    const ok = rcaInputSchema(now).safeParse({ ...leasing, user: { ...leasing.user, first_name: 'Ioana', last_name: 'Testescu', cnp: '1850615400011' } });
    expect(ok.success && ok.data).toMatchObject({
      owner: { type: 'company', cui: '15900825', name: 'Leasing Demo IFN SA' },
      user: { type: 'person', first_name: 'Ioana', last_name: 'Testescu', cnp: '1850615400011' },
    });
  });
});

describe('offer ordering', () => {
  const insurer = (code: string) => ({ code, name: code.toUpperCase() });
  const offer = (id: string, package_code: string, price_bani: number) =>
    ({ id, package_code, package_name: package_code, price_bani, insurer: insurer(id.split('-')[0]), coverage: [], direct_settlement: false, bonus_malus_class: null, period_label: '12 luni' }) as unknown as Offer;
  const offers = [offer('a-pad', 'pad', 13_000), offer('b-pad', 'pad', 13_000), offer('a-pad-voluntary', 'pad_voluntary', 45_000), offer('b-pad-voluntary', 'pad_voluntary', 41_000)];

  it('with voluntary house cover ticked, the PAD + voluntary offers come first and the cheapest of them is marked', () => {
    const ranked = rankOffers({ product_code: 'house-insurance', input: { voluntary: { building_sum_lei: 200000 } }, offers });
    expect(ranked.offers.map((o) => o.id)).toEqual(['b-pad-voluntary', 'a-pad-voluntary', 'a-pad', 'b-pad']);
    expect(ranked.cheapestId).toBe('b-pad-voluntary');
  });

  it('without voluntary cover every offer matches: cheapest first', () => {
    const ranked = rankOffers({ product_code: 'house-insurance', input: { voluntary: null }, offers: offers.slice(0, 2) });
    expect(ranked.offers.map((o) => o.id)).toEqual(['a-pad', 'b-pad']);
    expect(ranked.cheapestId).toBe('a-pad');
  });
});
