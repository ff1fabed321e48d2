'use client';

import { FormSection } from '@/components/products/form-section';
import type { ShopFormProps } from '@/components/products/product-shop';
import { QuoteFormSubmit } from '@/components/products/quote-form-submit';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormValues } from '@/lib/forms/use-schema-form';
import { isValidDay } from '@/contract/day';
import { formatDay } from '@/contract/format-day';
import type { VignetteInput } from '@/lib/validation/products/vignette';
import type { VignetteFormValues, VignetteKind } from '@/contract/products/vignette-values';
import { formatListPrice, type VignetteOptions } from '@/lib/vignettes/catalog';
import { isStartDateAllowed, startDateWindow, validitiesFor, validityEnd } from '@/contract/vignette-rules';
import { CountyPicker } from './county-picker';

/**
 * A vignette's data: vehicle (category, plate, country, VIN for a rovinietă), then validity (start day, the
 * validities the tariff sells for the category with their list price, counties of an e-matrica county pass).
 * Every choice and price comes from the product's tariff.
 */
export function VignetteForm({
  kind,
  tariff,
  form,
  busy,
  onSubmit,
}: ShopFormProps<VignetteFormValues, VignetteInput> & {
  kind: VignetteKind;
  tariff: VignetteOptions;
}) {
  const f = form.bind;
  const values = useFormValues(form);
  const today = useBucharestToday();
  const window = startDateWindow(today, tariff.start_date);
  const category = tariff.categories.find((c) => c.code === values.category) ?? null;
  const validities = category ? validitiesFor(tariff, category.code) : [];
  const validity = validities.find((v) => v.code === values.validity) ?? null;
  const end =
    validity && isValidDay(values.start_date) && isStartDateAllowed(values.start_date, today, tariff.start_date)
      ? validityEnd(values.start_date, validity)
      : null;
  const prefix = `vigneta-${kind}`;

  function chooseCategory(code: string) {
    form.change('category', code);
    const next = tariff.categories.find((c) => c.code === code);
    // A validity the new category does not have is dropped (C–H have no 10 or 60 days, only D1 has a day pass).
    if (values.validity && !(next && next.prices[values.validity] !== undefined)) form.change('validity', '');
  }

  function chooseValidity(code: string) {
    form.change('validity', code);
    if (!tariff.validities.find((v) => v.code === code)?.per_county && values.counties.length > 0) form.change('counties', []);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={kind === 'ro' ? 'Date pentru rovinietă' : 'Date pentru vinieta Ungariei'}
      className="flex flex-col gap-8"
    >
      <FormSection id={`${prefix}-vehicul`} title="Vehiculul">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Categoria vehiculului"
            placeholder="Alegeți categoria"
            options={tariff.categories.map((c) => ({ value: c.code, label: c.label }))}
            required
            {...f('category')}
            onChange={(e) => chooseCategory(e.target.value)}
            hint={category?.description || undefined}
          />
          <SelectField label="Țara de înmatriculare" options={tariff.countries} required {...f('country')} />
          <TextField
            label="Număr de înmatriculare"
            autoComplete="off"
            spellCheck={false}
            uppercase
            required
            hint={values.country === 'RO' ? 'Ex.: B123ABC, CJ45XYZ' : 'Între 2 și 12 litere și cifre, fără spații'}
            {...f('registration_plate')}
          />
          {kind === 'ro' ? (
            <TextField
              label="Serie de șasiu (VIN, opțional)"
              autoComplete="off"
              spellCheck={false}
              uppercase
              maxLength={17}
              hint="17 caractere, din talon (rubrica E)"
              {...f('vin')}
            />
          ) : null}
        </div>
      </FormSection>
      <FormSection id={`${prefix}-valabilitate`} title="Valabilitatea">
        <TextField
          className="max-w-xs"
          label="Data de început"
          type="date"
          min={window.min}
          max={window.max}
          hint={`Cel mai devreme azi, cel târziu ${formatDay(window.max)}`}
          required
          {...f('start_date')}
        />
        {category ? (
          <RadioGroup
            name="validity"
            legend={`Perioada de valabilitate (categoria ${category.code})`}
            required
            value={values.validity}
            onChange={chooseValidity}
            error={form.errorOf('validity')}
            options={validities.map((v) => {
              const price = formatListPrice(category.prices[v.code], tariff.currency);
              return { value: v.code, label: `${v.label}: ${v.per_county ? `${price} pe județ` : price}` };
            })}
          />
        ) : (
          <p className="text-muted" id={`${prefix}-fara-categorie`}>
            Alegeți categoria vehiculului pentru a vedea perioadele de valabilitate și tarifele.
          </p>
        )}
        {kind === 'hu' && category && validity?.per_county ? (
          <CountyPicker
            counties={tariff.counties ?? []}
            selected={values.counties}
            unitPrice={category.prices[validity.code]}
            currency={tariff.currency}
            error={form.errorOf('counties')}
            onChange={(codes) => form.change('counties', codes)}
          />
        ) : null}
        <p aria-live="polite" className="font-medium">
          {end ? `Valabilă de la ${formatDay(values.start_date)} până la ${formatDay(end)} inclusiv.` : null}
        </p>
        <p className="text-sm text-muted">
          Tarifele sunt stabilite de {tariff.issuer?.name ?? 'emitent'} în {tariff.currency === 'EUR' ? 'euro' : 'forinți'}. Plătiți în
          lei, la cursul de schimb al lunii, pe care îl vedeți împreună cu prețul înainte de plată.
        </p>
      </FormSection>
      <QuoteFormSubmit form={form} busy={busy} loadingLabel="Calculăm prețul…">
        Vedeți prețul
      </QuoteFormSubmit>
    </form>
  );
}
