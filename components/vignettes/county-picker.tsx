'use client';

import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { describedBy, FieldError } from '@/components/ui/field-parts';
import { formatListPrice } from '@/lib/vignettes/catalog';

/**
 * The counties of an e-matrica county pass: one checkbox per county of the tariff, with the count and the total
 * (the county price times the count) announced as they change.
 */
export function CountyPicker({
  counties,
  selected,
  unitPrice,
  currency,
  error,
  onChange,
}: {
  counties: { code: string; label: string }[];
  selected: string[];
  unitPrice: number;
  currency: string;
  error?: string;
  onChange: (codes: string[]) => void;
}) {
  const id = useId();
  const chosen = new Set(selected);
  const toggle = (code: string, on: boolean) => onChange(counties.map((c) => c.code).filter((c) => (c === code ? on : chosen.has(c))));
  const count = counties.filter((c) => chosen.has(c.code)).length;
  return (
    <fieldset aria-describedby={describedBy(id, true, error)} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 font-medium">
        Județele (megye) în care circulați
        <span className="text-error" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {counties.map((c) => (
          <Checkbox key={c.code} name="counties" value={c.code} label={c.label} checked={chosen.has(c.code)} onChange={(e) => toggle(c.code, e.target.checked)} />
        ))}
      </div>
      <p id={`${id}-hint`} aria-live="polite" className="mt-2 text-sm font-medium">
        {count === 0
          ? `Alegeți cel puțin un județ (${formatListPrice(unitPrice, currency)} pe județ).`
          : `${count === 1 ? 'Un județ' : `${count} județe`}: total ${formatListPrice(unitPrice * count, currency)}.`}
      </p>
      <FieldError id={id}>{error}</FieldError>
    </fieldset>
  );
}
