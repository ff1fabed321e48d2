import { describe, expect, it } from 'vitest';
import { formatLeiFromBani, formatWholeLei, formatWholeNumber } from '@/contract/money';

describe('formatLeiFromBani', () => {
  it.each([
    [123456, '1.234,56 lei'],
    [0, '0,00 lei'],
    [5, '0,05 lei'],
    [100, '1,00 lei'],
    [13000, '130,00 lei'],
    [123456789, '1.234.567,89 lei'],
    [-123456, '-1.234,56 lei'],
  ])('%i bani → %s', (bani, text) => {
    expect(formatLeiFromBani(bani)).toBe(text);
  });

  it('rejects non-finite amounts', () => {
    expect(() => formatLeiFromBani(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatWholeNumber and formatWholeLei (sums insured, the policy PDF, the offers)', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1500, '1.500'],
    [200000, '200.000'],
    [-12345, '-12.345'],
  ])('%i → %s, whatever the runtime ICU data', (n, text) => {
    expect(formatWholeNumber(n)).toBe(text);
  });

  it('adds the currency and refuses fractions', () => {
    expect(formatWholeLei(100000)).toBe('100.000 lei');
    expect(() => formatWholeNumber(1.5)).toThrow(RangeError);
  });
});
