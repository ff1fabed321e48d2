/**
 * Romanian lei amounts: `1.234,56 lei` (dot thousands separator, comma decimals, two decimals).
 * Built by hand rather than with Intl so the output does not depend on the ICU data of the runtime
 * (some ICU versions do not group four-digit numbers in `ro`).
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Formats an integer amount of bani (lei × 100), e.g. 123456 → `1.234,56 lei`. */
export function formatLeiFromBani(bani: number): string {
  if (!Number.isFinite(bani)) throw new RangeError(`Not a finite amount: ${bani}`);
  const rounded = Math.round(bani);
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const lei = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${negative ? '-' : ''}${groupThousands(String(lei))},${String(cents).padStart(2, '0')} lei`;
}

/** Formats an amount in lei given as a number, e.g. 1234.5 → `1.234,50 lei` (rounded to the nearest ban). */
export function formatLei(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  return formatLeiFromBani(leiToBani(amount));
}

/**
 * Converts lei to integer bani, rounding half away from zero. toPrecision(12) removes binary float noise
 * first (1.005 * 100 is 100.49999999999999 in floating point, which must still round to 101).
 */
export function leiToBani(amount: number): number {
  const scaled = Number((Math.abs(amount) * 100).toPrecision(12));
  return Math.sign(amount) * Math.round(scaled) || 0;
}
