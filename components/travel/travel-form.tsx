'use client';

import { FormRadioGroup } from '@/components/products/form-radio-group';
import { FormSection } from '@/components/products/form-section';
import type { ShopFormProps } from '@/components/products/product-shop';
import { QuoteFormSubmit } from '@/components/products/quote-form-submit';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFieldArray } from 'react-hook-form';
import { useFormValues } from '@/lib/forms/use-schema-form';
import type { TravelInput } from '@/lib/validation/products/travel';
import {
  multiTripEnd,
  travelStartWindow,
  tripDays,
  TRAVEL_MAX_TRAVELLERS,
  type TravelFormValues,
} from '@/contract/products/travel-values';

const ZONES = [
  { value: 'europe', label: 'Europa' },
  { value: 'world_ex_us_ca', label: 'Toată lumea, fără SUA și Canada' },
  { value: 'world', label: 'Toată lumea' },
];
const PURPOSES = [
  { value: 'tourism', label: 'Turism' },
  { value: 'business', label: 'Afaceri' },
  { value: 'driver', label: 'Șofer profesionist' },
  { value: 'studies', label: 'Studii' },
  { value: 'work', label: 'Muncă' },
];

const TRIP_TYPES = [
  { value: 'single', label: 'O singură călătorie' },
  { value: 'multi', label: 'Multi-călătorie (1 an)', hint: 'Oricâte călătorii într-un an' },
];

/** Travel: zone, destination, purpose, single or multi-trip, dates, travellers by birth date, options. */
export function TravelForm({ form, busy, onSubmit }: ShopFormProps<TravelFormValues, TravelInput>) {
  const f = form.bind;
  const values = useFormValues(form);
  const startWindow = travelStartWindow(useBucharestToday());
  const multi = values.trip_type === 'multi';
  const validDates = /^\d{4}-\d{2}-\d{2}$/.test(values.start_date) && /^\d{4}-\d{2}-\d{2}$/.test(values.end_date);
  const days = validDates ? tripDays(values.start_date, values.end_date) : null;

  const travellers = useFieldArray({ control: form.control, name: 'travellers' });
  // A message about the list itself (how many): on the list, or on its root when react-hook-form keeps it there.
  const travellersError = form.errorOf('travellers') ?? form.errorOf('travellers.root' as 'travellers');

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Date pentru oferta de călătorie" className="flex flex-col gap-8">
      <FormSection id="travel-trip" title="Călătoria">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Zona" options={ZONES} required {...f('zone')} hint="SUA și Canada sunt incluse doar în „Toată lumea”." />
          <TextField label="Destinația" hint="Țara sau orașul principal" required autoComplete="off" {...f('destination')} />
          <SelectField label="Scopul călătoriei" options={PURPOSES} required {...f('purpose')} />
        </div>
        <FormRadioGroup
          form={form}
          name="trip_type"
          legend="Tipul asigurării"
          inline
          options={TRIP_TYPES}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Data plecării" type="date" min={startWindow.min} max={startWindow.max} required {...f('start_date')} />
          {multi ? (
            <p className="self-end text-sm text-muted" role="status">
              Valabilă până la {/^\d{4}-\d{2}-\d{2}$/.test(values.start_date) ? multiTripEnd(values.start_date).split('-').reverse().join('.') : '—'}.
            </p>
          ) : (
            <TextField
              label="Data întoarcerii"
              type="date"
              min={values.start_date || startWindow.min}
              required
              hint={days && days > 0 ? `${days} ${days === 1 ? 'zi' : 'zile'} de călătorie` : undefined}
              {...f('end_date')}
            />
          )}
        </div>
      </FormSection>

      <FormSection id="travel-people" title="Călătorii">
        <p className="text-sm text-muted">Prețul depinde de vârsta fiecăruia. Pentru 2 adulți și copii se aplică tariful de familie.</p>
        <ol className="flex flex-col gap-3">
          {travellers.fields.map((traveller, index) => (
            <li key={traveller.id} className="flex flex-wrap items-end gap-3">
              <TextField className="min-w-56" label={`Data nașterii, călătorul ${index + 1}`} type="date" required {...f(`travellers.${index}.birth_date`)} />
              {travellers.fields.length > 1 ? (
                <Button variant="ghost" size="sm" onClick={() => travellers.remove(index)}>
                  Eliminați călătorul {index + 1}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        {travellersError ? <p className="text-sm font-medium text-error">{travellersError}</p> : null}
        {travellers.fields.length < TRAVEL_MAX_TRAVELLERS ? (
          <div>
            <Button variant="secondary" size="sm" onClick={() => travellers.append({ birth_date: '' }, { shouldFocus: false })}>
              Adăugați un călător
            </Button>
          </div>
        ) : null}
      </FormSection>

      <FormSection id="travel-options" title="Opțiuni" className="flex flex-col gap-3">
        <Checkbox label="Sporturi de iarnă" {...f('options.winter_sports')} />
        <Checkbox label="Sporturi de vară" {...f('options.summer_sports')} />
        <Checkbox label="Asistență rutieră" {...f('options.road_assistance')} />
        <Checkbox label="Storno (anularea călătoriei)" {...f('options.cancellation')} />
        {values.options.cancellation ? (
          <TextField className="max-w-xs" label="Valoarea asigurată storno (EUR)" inputMode="numeric" required {...f('options.cancellation_insured_value_eur')} />
        ) : null}
      </FormSection>

      <QuoteFormSubmit form={form} busy={busy} />
    </form>
  );
}
