'use client';

import { FormRadioGroup } from '@/components/products/form-radio-group';
import { FormSection } from '@/components/products/form-section';
import type { ShopFormProps } from '@/components/products/product-shop';
import { QuoteFormSubmit } from '@/components/products/quote-form-submit';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormValues } from '@/lib/forms/use-schema-form';
import { renewedEndsOn } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import { ROMANIAN_COUNTIES } from '@/contract/counties';
import type { HouseInput } from '@/lib/validation/products/house';
import { houseStartWindow, type HouseFormValues } from '@/contract/products/house-values';

const COUNTIES = ROMANIAN_COUNTIES.map((c) => ({ value: c, label: c }));
const OPTIONS = [
  { key: 'theft', label: 'Furt prin efracție' },
  { key: 'liability', label: 'Răspundere civilă față de vecini' },
  { key: 'pipes', label: 'Avarii accidentale la instalații' },
  { key: 'electrical', label: 'Fenomene electrice' },
] as const;

const ENVIRONMENTS = [
  { value: 'urban', label: 'Urban' },
  { value: 'rural', label: 'Rural' },
];

const STRUCTURES = [
  { value: 'A', label: 'Tip A – beton armat, cărămidă, piatră', hint: 'PAD: sumă asigurată 100.000 lei, 130 lei pe an' },
  { value: 'B', label: 'Tip B – alte materiale (chirpici, lemn)', hint: 'PAD: sumă asigurată 50.000 lei, 50 lei pe an' },
];

const INSTALMENTS = [
  { value: '1', label: 'Integral' },
  { value: '2', label: '2 rate' },
  { value: '4', label: '4 rate' },
];

/** House: the compulsory PAD first (structure type A or B), then the optional voluntary cover. */
export function HouseForm({ form, busy, onSubmit }: ShopFormProps<HouseFormValues, HouseInput>) {
  const f = form.bind;
  const values = useFormValues(form);
  const renewedEnd = renewedEndsOn(values);
  const startWindow = houseStartWindow(useBucharestToday(), renewedEnd);

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Date pentru oferta de locuință" className="flex flex-col gap-8">
      <FormSection id="house-address" title="Locuința">
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Județ" placeholder="Alegeți județul" options={COUNTIES} required {...f('address.county')} />
          <TextField label="Localitate" required autoComplete="address-level2" {...f('address.town')} />
          <TextField label="Strada și numărul" required autoComplete="street-address" {...f('address.street')} />
        </div>
        <FormRadioGroup
          form={form}
          name="environment"
          legend="Mediul"
          inline
          options={ENVIRONMENTS}
        />
        <FormRadioGroup
          form={form}
          name="structure"
          legend="Structura de rezistență (PAD)"
          options={STRUCTURES}
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
      </FormSection>

      <FormSection id="house-voluntary" title="Asigurare facultativă (opțional)">
        <p className="text-sm text-muted">Se vinde doar împreună cu polița PAD și acoperă incendiul, fenomenele atmosferice și bunurile din casă.</p>
        <Checkbox label="Adaug asigurarea facultativă" {...f('voluntary.enabled')} />
        {values.voluntary.enabled ? (
          <div className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField label="Suma asigurată clădire (lei)" inputMode="numeric" required {...f('voluntary.building_sum_lei')} />
              <TextField label="Suma asigurată bunuri (lei)" inputMode="numeric" required {...f('voluntary.contents_sum_lei')} />
              <SelectField
                label="Plata în rate"
                options={INSTALMENTS}
                {...f('voluntary.instalments')}
              />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium">Acoperiri suplimentare</legend>
              {OPTIONS.map((o) => (
                <Checkbox key={o.key} label={o.label} {...f(`voluntary.options.${o.key}`)} />
              ))}
            </fieldset>
          </div>
        ) : null}
      </FormSection>

      <QuoteFormSubmit form={form} busy={busy} />
    </form>
  );
}
