import { describe, expect, it } from 'vitest';
import { formatLei, formatLeiFromBani, leiToBani } from '@/lib/format';

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

describe('formatLei', () => {
  it.each([
    [1234.56, '1.234,56 lei'],
    [1234.5, '1.234,50 lei'],
    [50, '50,00 lei'],
    [1.005, '1,01 lei'],
    [1000000, '1.000.000,00 lei'],
  ])('%d lei → %s', (amount, text) => {
    expect(formatLei(amount)).toBe(text);
  });

  it('converts lei to bani without float drift', () => {
    expect(leiToBani(19.99)).toBe(1999);
    expect(leiToBani(0.1 + 0.2)).toBe(30);
    expect(leiToBani(-2.675)).toBe(-268);
  });
});
