import { describe, expect, it } from 'vitest';
import { expiringUnrenewed } from '@/lib/policies/group';
import { plateEntryErrors, plateEntryMessages, rcaQuotePath, typedPlate, typedVin } from '@/lib/validation/plate-entry';

describe('home plate box (issue 18)', () => {
  it('upper-cases as typed and drops spaces and hyphens', () => {
    expect(typedPlate('b 123 abc')).toBe('B123ABC');
    expect(typedPlate('cj-45-xyz')).toBe('CJ45XYZ');
    expect(typedVin('wvwzzz1jzxw 000001')).toBe('WVWZZZ1JZXW000001');
  });

  it('opens the RCA quote at /rca/<PLATE>[/<VIN>] for a valid Romanian plate and VIN', () => {
    expect(rcaQuotePath('b 123 abc', '')).toBe('/rca/B123ABC');
    expect(rcaQuotePath('b123abc', 'wvwzzz1jzxw000001')).toBe('/rca/B123ABC/WVWZZZ1JZXW000001');
    expect(rcaQuotePath('CJ 45 XYZ', ' ')).toBe('/rca/CJ45XYZ');
  });

  it('refuses what is not a Romanian plate, or a malformed VIN, with Romanian messages', () => {
    expect(rcaQuotePath('XX123ABC', '')).toBeNull();
    expect(plateEntryErrors('', '')).toEqual({ registration_plate: plateEntryMessages.plateRequired });
    expect(plateEntryErrors('XX123ABC', '')).toEqual({ registration_plate: plateEntryMessages.plate });
    expect(plateEntryErrors('B123ABC', 'WVWZZZ1JZXW00000I')).toEqual({ vin: plateEntryMessages.vin });
    expect(plateEntryErrors('B12', 'SHORT')).toEqual({ registration_plate: plateEntryMessages.plate, vin: plateEntryMessages.vin });
  });
});

describe('expires-soon banner', () => {
  const p = (id: number, product_code: string, insured_object: string, ends_on: string) => ({ id, product_code, insured_object, ends_on, starts_on: '2025-01-01' });

  it('lists what ends within 30 days (today included) and was not renewed, soonest first', () => {
    const today = '2026-11-23';
    const policies = [
      p(1, 'rca', 'CJ45XYZ', '2026-12-13'),
      p(2, 'travel', 'Grecia', '2026-11-22'), // ended yesterday
      p(3, 'house-insurance', 'Str. Lungă 1', '2026-12-24'), // 31 days
      p(4, 'tire', '4 anvelope', '2026-11-23'), // ends today
      p(5, 'rca', 'B123ABC', '2026-12-01'),
      p(6, 'rca', 'B123ABC', '2027-12-01'), // the renewal of 5
      p(7, 'ro-vignette', 'B777EVS (RO)', '2026-12-23'), // exactly 30 days
    ];
    expect(expiringUnrenewed(policies, today).map((x) => x.id)).toEqual([4, 1, 7]);
  });
});
