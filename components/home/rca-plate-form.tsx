'use client';

import { useState, type FormEvent } from 'react';
import { inputClasses } from '@/components/ui/field-parts';
import type { PlateEntryErrors } from '@/lib/validation/plate-entry';

type Field = keyof PlateEntryErrors;
type PlateEntry = typeof import('@/lib/validation/plate-entry');

/**
 * The plate rules (lib/validation: formats and messages) load when the visitor first focuses the box, not with
 * the page (issue 17); a keystroke or a submit that comes first waits for them.
 */
let plateEntry: Promise<PlateEntry> | null = null;
function loadPlateEntry(): Promise<PlateEntry> {
  plateEntry ??= import('@/lib/validation/plate-entry').catch((error: unknown) => {
    plateEntry = null;
    throw error;
  });
  return plateEntry;
}

const FIELDS: { name: Field; id: string; label: string; placeholder: string; maxLength: number; normalise: (rules: PlateEntry, value: string) => string }[] = [
  { name: 'registration_plate', id: 'rca-rapid-numar', label: 'Număr de înmatriculare', placeholder: 'B123ABC', maxLength: 12, normalise: (rules, value) => rules.typedPlate(value) },
  { name: 'vin', id: 'rca-rapid-vin', label: 'Serie de șasiu (VIN), opțional', placeholder: '17 caractere', maxLength: 20, normalise: (rules, value) => rules.typedVin(value) },
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

  function normalise(input: HTMLInputElement, field: (typeof FIELDS)[number], rules: PlateEntry) {
    const next = field.normalise(rules, input.value);
    if (next === input.value) return;
    // The caret stays after what was typed, with the removed spaces and hyphens before it not counted.
    const caret = field.normalise(rules, input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    input.value = next;
    input.setSelectionRange(caret, caret);
  }

  function onInput(event: FormEvent<HTMLInputElement>, field: (typeof FIELDS)[number]) {
    const input = event.currentTarget;
    loadPlateEntry().then(
      (rules) => normalise(input, field, rules),
      () => {
        /* offline: the RCA page checks the plain GET form */
      },
    );
    if (shown[field.name]) setShown((previous) => ({ ...previous, [field.name]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    event.preventDefault();
    loadPlateEntry().then(
      ({ plateEntryErrors, rcaQuotePath }) => {
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
      },
      // The rules could not load (offline, a new deploy): the plain GET form goes to the RCA page, which checks it.
      () => form.submit(),
    );
  }

  return (
    <form
      method="get"
      action="/rca"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadPlateEntry().catch(() => undefined)}
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
