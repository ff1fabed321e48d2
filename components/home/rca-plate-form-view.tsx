import type { ComponentProps } from 'react';
import { inputClasses } from '@/components/ui/field-parts';
import type { PlateEntryErrors } from '@/lib/validation/plate-entry';

export type PlateField = keyof PlateEntryErrors;

/** What one box of the form takes: the input's own props (react-hook-form's `bind`, or a plain default) and its message. */
export type PlateFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'className'> & { name: string; error?: string };

export const PLATE_FIELDS: readonly { name: PlateField; id: string; label: string; placeholder: string; maxLength: number }[] = [
  { name: 'registration_plate', id: 'rca-rapid-numar', label: 'Număr de înmatriculare', placeholder: 'B123ABC', maxLength: 12 },
  { name: 'vin', id: 'rca-rapid-vin', label: 'Serie de șasiu (VIN), opțional', placeholder: '17 caractere', maxLength: 20 },
];

/**
 * The markup of the home plate box, the same before and after its form layer loads (rca-plate-form.tsx), so the
 * swap changes nothing the visitor sees: a plain GET form to /rca with a label, an input and a live message per box.
 */
export function RcaPlateFormView({ form, fields }: { form: Omit<ComponentProps<'form'>, 'method' | 'action' | 'children'>; fields: Record<PlateField, PlateFieldProps> }) {
  return (
    <form method="get" action="/rca" noValidate aria-labelledby="rca-rapid-titlu" className="mt-8 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5" {...form}>
      <h2 id="rca-rapid-titlu" className="text-lg font-semibold text-primary">
        Calculați RCA după numărul de înmatriculare
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        {PLATE_FIELDS.map((field) => {
          const { error, ...input } = fields[field.name];
          return (
            <div key={field.name}>
              <label htmlFor={field.id} className="mb-1 block font-medium">
                {field.label}
              </label>
              <input
                id={field.id}
                type="text"
                placeholder={field.placeholder}
                maxLength={field.maxLength}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                required={field.name === 'registration_plate'}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field.id}-eroare` : undefined}
                className={`${inputClasses} uppercase`}
                {...input}
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
