'use client';

import type { FormEvent } from 'react';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { useDraftForm } from '@/lib/shop/use-draft-form';
import type { TravelInput } from '@/lib/validation/products/travel';
import {
  multiTripEnd,
  travelStartWindow,
  tripDays,
  TRAVEL_MAX_TRAVELLERS,
  type TravelFormValues,
} from '@/contract/products/travel-values';

type Form = ReturnType<typeof useDraftForm<TravelFormValues, TravelInput>>;

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

/** Travel: zone, destination, purpose, single or multi-trip, dates, travellers by birth date, options. */
export function TravelForm({ form, busy, onSubmit }: { form: Form; busy: boolean; onSubmit: () => void }) {
  const f = form.field;
  const { values } = form;
  const startWindow = travelStartWindow(useBucharestToday());
  const multi = values.trip_type === 'multi';
  const validDates = /^\d{4}-\d{2}-\d{2}$/.test(values.start_date) && /^\d{4}-\d{2}-\d{2}$/.test(values.end_date);
  const days = validDates ? tripDays(values.start_date, values.end_date) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  function setTravellers(next: { birth_date: string }[]) {
    form.setValue('travellers', next);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Date pentru oferta de călătorie" className="flex flex-col gap-8">
      <section aria-labelledby="travel-trip" className="flex flex-col gap-4">
        <h2 id="travel-trip" className="text-xl font-semibold">
          Călătoria
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Zona" options={ZONES} required {...f('zone')} hint="SUA și Canada sunt incluse doar în „Toată lumea”." />
          <TextField label="Destinația" hint="Țara sau orașul principal" required autoComplete="off" {...f('destination')} />
          <SelectField label="Scopul călătoriei" options={PURPOSES} required {...f('purpose')} />
        </div>
        <RadioGroup
          name="trip_type"
          legend="Tipul asigurării"
          inline
          value={values.trip_type}
          onChange={(v) => form.setValue('trip_type', v)}
          options={[
            { value: 'single', label: 'O singură călătorie' },
            { value: 'multi', label: 'Multi-călătorie (1 an)', hint: 'Oricâte călătorii într-un an' },
          ]}
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
      </section>

      <section aria-labelledby="travel-people" className="flex flex-col gap-4">
        <h2 id="travel-people" className="text-xl font-semibold">
          Călătorii
        </h2>
        <p className="text-sm text-muted">Prețul depinde de vârsta fiecăruia. Pentru 2 adulți și copii se aplică tariful de familie.</p>
        <ol className="flex flex-col gap-3">
          {values.travellers.map((_, index) => (
            <li key={index} className="flex flex-wrap items-end gap-3">
              <TextField className="min-w-56" label={`Data nașterii, călătorul ${index + 1}`} type="date" required {...f(`travellers.${index}.birth_date`)} />
              {values.travellers.length > 1 ? (
                <Button variant="ghost" size="sm" onClick={() => setTravellers(values.travellers.filter((__, i) => i !== index))}>
                  Eliminați călătorul {index + 1}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        {form.errors.travellers ? <p className="text-sm font-medium text-error">{form.errors.travellers}</p> : null}
        {values.travellers.length < TRAVEL_MAX_TRAVELLERS ? (
          <div>
            <Button variant="secondary" size="sm" onClick={() => setTravellers([...values.travellers, { birth_date: '' }])}>
              Adăugați un călător
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="travel-options" className="flex flex-col gap-3">
        <h2 id="travel-options" className="text-xl font-semibold">
          Opțiuni
        </h2>
        <Checkbox label="Sporturi de iarnă" name="options.winter_sports" checked={values.options.winter_sports} onChange={(e) => form.setValue('options.winter_sports', e.target.checked)} />
        <Checkbox label="Sporturi de vară" name="options.summer_sports" checked={values.options.summer_sports} onChange={(e) => form.setValue('options.summer_sports', e.target.checked)} />
        <Checkbox label="Asistență rutieră" name="options.road_assistance" checked={values.options.road_assistance} onChange={(e) => form.setValue('options.road_assistance', e.target.checked)} />
        <Checkbox
          label="Storno (anularea călătoriei)"
          name="options.cancellation"
          checked={values.options.cancellation}
          onChange={(e) => form.setValue('options.cancellation', e.target.checked)}
        />
        {values.options.cancellation ? (
          <TextField className="max-w-xs" label="Valoarea asigurată storno (EUR)" inputMode="numeric" required {...f('options.cancellation_insured_value_eur')} />
        ) : null}
      </section>

      <div>
        <Button type="submit" size="lg" loading={busy} loadingLabel="Calculăm ofertele…">
          Vedeți ofertele
        </Button>
      </div>
    </form>
  );
}
