'use client';

import type { FormEvent } from 'react';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { Button } from '@/components/ui/button';
import { RadioGroup } from '@/components/ui/radio-group';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { useDraftForm } from '@/lib/shop/use-draft-form';
import type { TireInput } from '@/lib/validation/products/tire';
import { renewedEndsOn } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import { tirePurchaseWindow, tireRenewalStartWindow, type TireFormValues } from '@/contract/products/tire-values';

type Form = ReturnType<typeof useDraftForm<TireFormValues, TireInput>>;

const RIM_BANDS = [
  { value: 'r13_r16', label: 'R13 – R16' },
  { value: 'r17_r19', label: 'R17 – R19' },
  { value: 'r20_plus', label: 'R20 și peste' },
];

/** Tires (and Michelin TireSecure+, a set of 4 Michelin tires for 1 year): the tires and their purchase. */
export function TireForm({ form, busy, onSubmit, michelin = false }: { form: Form; busy: boolean; onSubmit: () => void; michelin?: boolean }) {
  const f = form.field;
  const { values } = form;
  const today = useBucharestToday();
  const purchase = tirePurchaseWindow(today);
  // A renewal covers the same tires again (bought earlier) from the day after the old policy ends.
  const renewedEnd = renewedEndsOn(values);
  const starts = renewedEnd ? tireRenewalStartWindow(today, renewedEnd) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} aria-label={michelin ? 'Date pentru Michelin TireSecure+' : 'Date pentru oferta de anvelope'} className="flex flex-col gap-8">
      <section aria-labelledby="tire-tires" className="flex flex-col gap-4">
        <h2 id="tire-tires" className="text-xl font-semibold">
          Anvelopele
        </h2>
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
              options={[
                { value: '2', label: '2 anvelope' },
                { value: '3', label: '3 anvelope' },
                { value: '4', label: '4 anvelope' },
              ]}
              required
              {...f('tire_count')}
            />
          )}
          <SelectField label="Diametrul jantei" options={RIM_BANDS} required {...f('rim_band')} />
        </div>
        <RadioGroup
          name="tire_type"
          legend="Tipul anvelopelor"
          inline
          value={values.tire_type}
          onChange={(v) => form.setValue('tire_type', v)}
          options={[
            { value: 'standard', label: 'Standard' },
            { value: 'run_flat', label: 'Run-flat' },
          ]}
        />
      </section>
      <section aria-labelledby="tire-purchase" className="flex flex-col gap-4">
        <h2 id="tire-purchase" className="text-xl font-semibold">
          Cumpărarea
        </h2>
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
              options={[
                { value: '1', label: '1 an' },
                { value: '2', label: '2 ani' },
                { value: '3', label: '3 ani' },
              ]}
              required
              {...f('period_years')}
            />
          )}
        </div>
      </section>
      <div>
        <Button type="submit" size="lg" loading={busy} loadingLabel="Calculăm ofertele…">
          {michelin ? 'Vedeți prețul garanției' : 'Vedeți ofertele'}
        </Button>
      </div>
    </form>
  );
}
