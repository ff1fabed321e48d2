'use client';

import { useState, type FormEvent } from 'react';
import { inputClasses } from '@/components/ui/field-parts';
import { plateEntryErrors, rcaQuotePath, typedPlate, typedVin, type PlateEntryErrors } from '@/lib/validation/plate-entry';

type Field = keyof PlateEntryErrors;

const FIELDS: { name: Field; id: string; label: string; placeholder: string; maxLength: number; normalise: (value: string) => string }[] = [
  { name: 'registration_plate', id: 'rca-rapid-numar', label: 'Număr de înmatriculare', placeholder: 'B123ABC', maxLength: 12, normalise: typedPlate },
  { name: 'vin', id: 'rca-rapid-vin', label: 'Serie de șasiu (VIN), opțional', placeholder: '17 caractere', maxLength: 20, normalise: typedVin },
];

/**
 * The home page's RCA entry (issue 18): plate and optional VIN → `/rca/<PLATE>/<VIN>`, the quote prefilled.
 * A plain GET form first: without JavaScript the RCA page turns `?registration_plate=…&vin=…` into that address,
 * or sends the visitor back here with the error (`plate`, `vin`, `errors` come from the server then). With
 * JavaScript this leaf only upper-cases as the customer types and checks before leaving the page.
 */
export function RcaPlateForm({ plate = '', vin = '', errors = {} }: { plate?: string; vin?: string; errors?: PlateEntryErrors }) {
  const [shown, setShown] = useState<PlateEntryErrors>(errors);
  const initial: Record<Field, string> = { registration_plate: plate, vin };

  function onInput(event: FormEvent<HTMLInputElement>, field: (typeof FIELDS)[number]) {
    const input = event.currentTarget;
    const next = field.normalise(input.value);
    if (next !== input.value) {
      // The caret stays after what was typed, with the removed spaces and hyphens before it not counted.
      const caret = field.normalise(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
      input.value = next;
      input.setSelectionRange(caret, caret);
    }
    if (shown[field.name]) setShown((previous) => ({ ...previous, [field.name]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = { plate: String(data.get('registration_plate') ?? ''), vin: String(data.get('vin') ?? '') };
    const path = rcaQuotePath(values.plate, values.vin);
    if (path) {
      window.location.assign(path);
      return;
    }
    const found = plateEntryErrors(values.plate, values.vin);
    setShown(found);
    const first = FIELDS.find((f) => found[f.name]);
    if (first) (form.elements.namedItem(first.name) as HTMLInputElement | null)?.focus();
  }

  return (
    <form
      method="get"
      action="/rca"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="rca-rapid-titlu"
      className="mt-8 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <h2 id="rca-rapid-titlu" className="text-lg font-semibold text-primary">
        Calculați RCA după numărul de înmatriculare
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        {FIELDS.map((field) => {
          const error = shown[field.name];
          return (
            <div key={field.name}>
              <label htmlFor={field.id} className="mb-1 block font-medium">
                {field.label}
              </label>
              <input
                id={field.id}
                name={field.name}
                type="text"
                defaultValue={initial[field.name]}
                placeholder={field.placeholder}
                maxLength={field.maxLength}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                required={field.name === 'registration_plate'}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.id}-eroare` : undefined}
                className={`${inputClasses} uppercase`}
                onInput={(event) => onInput(event, field)}
              />
              <div aria-live="polite">
                {error ? (
                  <p id={`${field.id}-eroare`} className="mt-1 text-sm font-medium text-error">
                    {error}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <button type="submit" className="btn btn-primary btn-lg mt-4 w-full sm:w-auto">
        Vedeți ofertele RCA
      </button>
    </form>
  );
}
