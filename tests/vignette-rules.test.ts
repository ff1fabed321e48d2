import { describe, expect, it } from 'vitest';
import { RO_VIGNETTE_TARIFF, HU_VIGNETTE_TARIFF } from '@/backend/src/db/vignette-data';
import {
  isStartDateAllowed,
  startDateWindow,
  toLeiBani,
  validitiesFor,
  validityEnd,
  validityState,
  validityStateLabel,
  vignettePrice,
} from '@/contract/vignette-rules';

const codes = (category: string, tariff = RO_VIGNETTE_TARIFF) => validitiesFor(tariff, category).map((v) => v.code);
const validity = (code: string, tariff = RO_VIGNETTE_TARIFF) => tariff.validities.find((v) => v.code === code)!;

describe('vignette rules', () => {
  it('sells the validities of the category (rovinietă since 2024, e-matrica daily for D1 only)', () => {
    expect(codes('A')).toEqual(['1d', '10d', '30d', '60d', '12m']);
    expect(codes('B')).toEqual(['1d', '10d', '30d', '60d', '12m']);
    for (const c of ['C', 'D', 'E', 'F', 'G', 'H']) expect(codes(c)).toEqual(['1d', '7d', '30d', '12m']);
    expect(codes('Z')).toEqual([]);
    expect(codes('D1', HU_VIGNETTE_TARIFF)).toContain('1d');
    for (const c of ['D1M', 'D2', 'U', 'B2']) expect(codes(c, HU_VIGNETTE_TARIFF)).not.toContain('1d');
  });

  it('ends a validity on its last day, inclusive', () => {
    expect(validityEnd('2026-03-15', validity('1d'))).toBe('2026-03-15');
    expect(validityEnd('2026-03-15', validity('10d'))).toBe('2026-03-24');
    expect(validityEnd('2026-03-15', validity('30d'))).toBe('2026-04-13');
    expect(validityEnd('2026-03-15', validity('12m'))).toBe('2027-03-14');
    expect(validityEnd('2026-01-31', validity('month', HU_VIGNETTE_TARIFF))).toBe('2026-02-27');
    expect(validityEnd('2026-06-01', validity('year', HU_VIGNETTE_TARIFF))).toBe('2027-01-31');
  });

  it('allows a start date from today to 30 days ahead', () => {
    const w = RO_VIGNETTE_TARIFF.start_date;
    expect(startDateWindow('2026-03-15', w)).toEqual({ min: '2026-03-15', max: '2026-04-14' });
    expect(isStartDateAllowed('2026-03-15', '2026-03-15', w)).toBe(true);
    expect(isStartDateAllowed('2026-04-14', '2026-03-15', w)).toBe(true);
    expect(isStartDateAllowed('2026-03-14', '2026-03-15', w)).toBe(false);
    expect(isStartDateAllowed('2026-04-15', '2026-03-15', w)).toBe(false);
  });

  it('converts to lei at the rate, to the nearest ban; county passes cost per county', () => {
    expect(toLeiBani(9.5, 5.0766)).toBe(4823);
    expect(toLeiBani(50, 4.9748)).toBe(24874);
    expect(toLeiBani(6660, 0.01312)).toBe(8738);
    const d1 = HU_VIGNETTE_TARIFF.categories.find((c) => c.code === 'D1')!;
    expect(vignettePrice(d1, validity('county_year', HU_VIGNETTE_TARIFF), ['PEST', 'GYOR'])).toBe(13320);
    expect(vignettePrice(d1, validity('year', HU_VIGNETTE_TARIFF))).toBe(57260);
    expect(vignettePrice(RO_VIGNETTE_TARIFF.categories.find((c) => c.code === 'C')!, validity('10d'))).toBeNull();
  });

  it('says valid / expires in N days / expired', () => {
    const label = (today: string) => validityStateLabel(validityState('2026-03-01', '2026-04-30', today));
    expect(label('2026-03-15')).toBe('valabilă');
    expect(label('2026-03-31')).toBe('expiră în 30 de zile');
    expect(label('2026-04-23')).toBe('expiră în 7 zile');
    expect(label('2026-04-29')).toBe('expiră mâine');
    expect(label('2026-04-30')).toBe('expiră azi');
    expect(label('2026-05-01')).toBe('expirată');
    expect(label('2026-02-27')).toBe('începe în 2 zile');
    expect(validityState('2026-03-01', '2026-04-30', '2026-04-28')).toEqual({ kind: 'expiring', days: 2 });
  });
});
