'use client';

import { FormRadioGroup } from '@/components/products/form-radio-group';
import { FormSection } from '@/components/products/form-section';
import type { ShopFormProps } from '@/components/products/product-shop';
import { QuoteFormSubmit } from '@/components/products/quote-form-submit';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormValues } from '@/lib/forms/use-schema-form';
import type { TireInput } from '@/lib/validation/products/tire';
import { renewedEndsOn } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import { tirePurchaseWindow, tireRenewalStartWindow, type TireFormValues } from '@/contract/products/tire-values';

const RIM_BANDS = [
  { value: 'r13_r16', label: 'R13 – R16' },
  { value: 'r17_r19', label: 'R17 – R19' },
  { value: 'r20_plus', label: 'R20 și peste' },
];

const TIRE_COUNTS = [
  { value: '2', label: '2 anvelope' },
  { value: '3', label: '3 anvelope' },
  { value: '4', label: '4 anvelope' },
];

const TIRE_TYPES = [
  { value: 'standard', label: 'Standard' },
  { value: 'run_flat', label: 'Run-flat' },
];

const PERIODS = [
  { value: '1', label: '1 an' },
  { value: '2', label: '2 ani' },
  { value: '3', label: '3 ani' },
];

/** Tires (and Michelin TireSecure+, a set of 4 Michelin tires for 1 year): the tires and their purchase. */
export function TireForm({ form, busy, onSubmit, michelin = false }: ShopFormProps<TireFormValues, TireInput> & { michelin?: boolean }) {
  const f = form.bind;
  const values = useFormValues(form);
  const today = useBucharestToday();
  const purchase = tirePurchaseWindow(today);
  // A renewal covers the same tires again (bought earlier) from the day after the old policy ends.
  const renewedEnd = renewedEndsOn(values);
  const starts = renewedEnd ? tireRenewalStartWindow(today, renewedEnd) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={michelin ? 'Date pentru Michelin TireSecure+' : 'Date pentru oferta de anvelope'} className="flex flex-col gap-8">
      <FormSection id="tire-tires" title="Anvelopele">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {michelin ? (
            <TextField label="Marca" readOnly {...f('brand')} hint="Garanția se aplică anvelopelor Michelin de autoturism sau SUV." />
          ) : (
            <TextField label="Marca anvelopelor" required {...f('brand')} />
          )}
          {michelin ? (
            <TextField label="Număr de anvelope" readOnly {...f('tire_count')} hint="Un set de 4 anvelope noi" />
          ) : (
            <SelectField
              label="Număr de anvelope noi"
              options={TIRE_COUNTS}
              required
              {...f('tire_count')}
            />
          )}
          <SelectField label="Diametrul jantei" options={RIM_BANDS} required {...f('rim_band')} />
        </div>
        <FormRadioGroup
          form={form}
          name="tire_type"
          legend="Tipul anvelopelor"
          inline
          options={TIRE_TYPES}
        />
      </FormSection>
      <FormSection id="tire-purchase" title="Cumpărarea">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label="Data cumpărării"
            type="date"
            min={renewedEnd ? undefined : purchase.min}
            max={purchase.max}
            hint={renewedEnd ? undefined : 'Cel mult acum 30 de zile'}
            required
            {...f('purchase_date')}
          />
          {renewedEnd ? (
            <TextField
              label="Data de început"
              type="date"
              min={starts?.min}
              max={starts?.max}
              hint={`Reînnoire: polița actuală este valabilă până la ${formatDay(renewedEnd)} inclusiv; noua poliță începe a doua zi.`}
              required
              {...f('start_date')}
            />
          ) : null}
          <TextField label={michelin ? 'Numărul facturii' : 'Numărul facturii (opțional)'} required={michelin} autoComplete="off" {...f('invoice_number')} />
          {michelin ? (
            <TextField label="Perioada" readOnly value="1 an" name="period_label" />
          ) : (
            <SelectField
              label="Perioada"
              options={PERIODS}
              required
              {...f('period_years')}
            />
          )}
        </div>
      </FormSection>
      <QuoteFormSubmit form={form} busy={busy}>
        {michelin ? 'Vedeți prețul garanției' : 'Vedeți ofertele'}
      </QuoteFormSubmit>
    </form>
  );
}
