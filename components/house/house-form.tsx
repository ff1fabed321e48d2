'use client';

import type { FormEvent } from 'react';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { useDraftForm } from '@/lib/shop/use-draft-form';
import { renewedEndsOn } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import { ROMANIAN_COUNTIES } from '@/contract/counties';
import type { HouseInput } from '@/lib/validation/products/house';
import { houseStartWindow, type HouseFormValues } from '@/contract/products/house-values';

type Form = ReturnType<typeof useDraftForm<HouseFormValues, HouseInput>>;

const COUNTIES = ROMANIAN_COUNTIES.map((c) => ({ value: c, label: c }));
const OPTIONS = [
  { key: 'theft', label: 'Furt prin efracție' },
  { key: 'liability', label: 'Răspundere civilă față de vecini' },
  { key: 'pipes', label: 'Avarii accidentale la instalații' },
  { key: 'electrical', label: 'Fenomene electrice' },
] as const;

/** House: the compulsory PAD first (structure type A or B), then the optional voluntary cover. */
export function HouseForm({ form, busy, onSubmit }: { form: Form; busy: boolean; onSubmit: () => void }) {
  const f = form.field;
  const { values } = form;
  const renewedEnd = renewedEndsOn(values);
  const startWindow = houseStartWindow(useBucharestToday(), renewedEnd);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Date pentru oferta de locuință" className="flex flex-col gap-8">
      <section aria-labelledby="house-address" className="flex flex-col gap-4">
        <h2 id="house-address" className="text-xl font-semibold">
          Locuința
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Județ" placeholder="Alegeți județul" options={COUNTIES} required {...f('address.county')} />
          <TextField label="Localitate" required autoComplete="address-level2" {...f('address.town')} />
          <TextField label="Strada și numărul" required autoComplete="street-address" {...f('address.street')} />
        </div>
        <RadioGroup
          name="environment"
          legend="Mediul"
          inline
          value={values.environment}
          onChange={(v) => form.setValue('environment', v)}
          options={[
            { value: 'urban', label: 'Urban' },
            { value: 'rural', label: 'Rural' },
          ]}
        />
        <RadioGroup
          name="structure"
          legend="Structura de rezistență (PAD)"
          value={values.structure}
          onChange={(v) => form.setValue('structure', v)}
          options={[
            { value: 'A', label: 'Tip A – beton armat, cărămidă, piatră', hint: 'PAD: sumă asigurată 100.000 lei, 130 lei pe an' },
            { value: 'B', label: 'Tip B – alte materiale (chirpici, lemn)', hint: 'PAD: sumă asigurată 50.000 lei, 50 lei pe an' },
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label="Anul construcției" inputMode="numeric" maxLength={4} required {...f('year_built')} />
          <TextField label="Suprafața utilă (m²)" inputMode="numeric" required {...f('area_sqm')} />
          <TextField label="Număr de camere" inputMode="numeric" required {...f('rooms')} />
          <TextField label="Număr de etaje ale clădirii" inputMode="numeric" required {...f('floors')} />
        </div>
        <TextField
          className="max-w-xs"
          label="Data de început"
          type="date"
          min={startWindow.min}
          max={startWindow.max}
          hint={renewedEnd ? `Reînnoire: polița actuală este valabilă până la ${formatDay(renewedEnd)} inclusiv; noua poliță începe a doua zi.` : undefined}
          required
          {...f('start_date')}
        />
      </section>

      <section aria-labelledby="house-voluntary" className="flex flex-col gap-4">
        <h2 id="house-voluntary" className="text-xl font-semibold">
          Asigurare facultativă (opțional)
        </h2>
        <p className="text-sm text-muted">Se vinde doar împreună cu polița PAD și acoperă incendiul, fenomenele atmosferice și bunurile din casă.</p>
        <Checkbox
          name="voluntary.enabled"
          label="Adaug asigurarea facultativă"
          checked={values.voluntary.enabled}
          onChange={(e) => form.setValue('voluntary.enabled', e.target.checked)}
        />
        {values.voluntary.enabled ? (
          <div className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField label="Suma asigurată clădire (lei)" inputMode="numeric" required {...f('voluntary.building_sum_lei')} />
              <TextField label="Suma asigurată bunuri (lei)" inputMode="numeric" required {...f('voluntary.contents_sum_lei')} />
              <SelectField
                label="Plata în rate"
                options={[
                  { value: '1', label: 'Integral' },
                  { value: '2', label: '2 rate' },
                  { value: '4', label: '4 rate' },
                ]}
                {...f('voluntary.instalments')}
              />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium">Acoperiri suplimentare</legend>
              {OPTIONS.map((o) => (
                <Checkbox
                  key={o.key}
                  name={`voluntary.options.${o.key}`}
                  label={o.label}
                  checked={values.voluntary.options[o.key]}
                  onChange={(e) => form.setValue(`voluntary.options.${o.key}`, e.target.checked)}
                />
              ))}
            </fieldset>
          </div>
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
