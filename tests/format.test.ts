import { describe, expect, it } from 'vitest';
import { formatLeiFromBani } from '@/contract/money';

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
