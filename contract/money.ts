/**
 * Romanian lei amounts: `1.234,56 lei` (dot thousands separator, comma decimals, two decimals).
 * Built by hand rather than with Intl so the output does not depend on the ICU data of the runtime
 * (some ICU versions do not group four-digit numbers in `ro`).
 * The web app and the reference backend (policy PDF, payment page, refunds CLI) print amounts with it.
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

/** A whole number grouped in thousands: 200000 → `200.000` (sums insured, areas, engine sizes), ICU-independent. */
export function formatWholeNumber(n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number: ${n}`);
  return `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}`;
}

/** Whole lei, as sums insured are stated: 200000 → `200.000 lei`. */
export function formatWholeLei(lei: number): string {
  return `${formatWholeNumber(lei)} lei`;
}
