'use client';

import { useEffect, useRef, useState } from 'react';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { CompanyFields } from '@/components/products/company-fields';
import { FormRadioGroup } from '@/components/products/form-radio-group';
import { FormSection } from '@/components/products/form-section';
import type { ShopFormProps } from '@/components/products/product-shop';
import { QuoteFormSubmit } from '@/components/products/quote-form-submit';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { lookupVehicle } from '@/lib/api/checkout';
import { formatDay } from '@/contract/format-day';
import { isApiError } from '@/lib/api/errors';
import { useFormValues } from '@/lib/forms/use-schema-form';
import { isValidPlate, isValidVin, normalizePlate, normalizeVin } from '@/contract/formats';
import type { RcaInput } from '@/lib/validation/products/rca';
import { rcaStartWindow, type RcaFormValues } from '@/contract/products/rca-values';
import { renewedEndsOn } from '@/contract/renewal';
import { FUEL_OPTIONS, PARTY_TYPES, PERIOD_OPTIONS, USE_TYPE_OPTIONS, VEHICLE_CATEGORY_OPTIONS } from './rca-options';

type LookupState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'found'; text: string } | { kind: 'missing' } | { kind: 'error'; text: string };

/**
 * The RCA form, plate first: plate and VIN (upper case, taken from the route when given), a register lookup
 * that fills the technical data, owner as person or company, start date and period.
 */
export function RcaForm({ form, busy, onSubmit, autoLookup }: ShopFormProps<RcaFormValues, RcaInput> & { autoLookup: boolean }) {
  const f = form.bind;
  const values = useFormValues(form);
  const [lookup, setLookup] = useState<LookupState>({ kind: 'idle' });
  const today = useBucharestToday();
  const renewedEnd = renewedEndsOn(values);
  const startWindow = rcaStartWindow(today, renewedEnd);

  async function runLookup(plate: string, vin: string) {
    const query = {
      registration_plate: isValidPlate(plate) ? normalizePlate(plate) : undefined,
      vin: isValidVin(vin) ? normalizeVin(vin) : undefined,
    };
    if (!query.registration_plate && !query.vin) {
      setLookup({ kind: 'error', text: 'Introduceți un număr de înmatriculare sau o serie de șasiu valide pentru căutare.' });
      return;
    }
    setLookup({ kind: 'busy' });
    try {
      const v = await lookupVehicle(query);
      const current = form.getValues();
      if (!current.registration_plate) form.change('registration_plate', v.registration_plate);
      if (!current.vin) form.change('vin', v.vin);
      form.change('vehicle', {
        ...current.vehicle,
        category: v.category,
        make: v.make,
        model: v.model,
        fuel: v.fuel,
        year: String(v.year),
        max_mass_kg: String(v.max_mass_kg),
        engine_cc: String(v.engine_cc),
        power_kw: String(v.power_kw),
        seats: String(v.seats),
        first_registration_date: v.first_registration_date ?? '',
        civ_series: v.civ_series ?? '',
      });
      setLookup({ kind: 'found', text: `Am găsit vehiculul: ${v.make} ${v.model}, ${v.year}. Verificați datele completate mai jos.` });
    } catch (e) {
      if (isApiError(e) && e.status === 404) setLookup({ kind: 'missing' });
      else setLookup({ kind: 'error', text: isApiError(e) ? e.prettyMessage : 'Căutarea nu a reușit. Completați datele manual.' });
    }
  }

  // Plate and VIN from the route: look the vehicle up once if its data is not filled in yet.
  const autoLookupDone = useRef(false);
  useEffect(() => {
    if (!autoLookup || autoLookupDone.current) return;
    autoLookupDone.current = true;
    // After the shop has restored the draft (its effect runs after this one): the values as restored.
    void Promise.resolve().then(() => {
      const current = form.getValues();
      if (current.vehicle.make || !(current.registration_plate || current.vin)) return;
      return runLookup(current.registration_plate, current.vin);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [autoLookup]);

  const person = values.owner.type === 'person';
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Date pentru oferta RCA" className="flex flex-col gap-8">
      <FormSection id="rca-vehicle-id" title="Vehiculul">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Număr de înmatriculare"
            hint="Rubrica A din certificatul de înmatriculare (talon). Ex.: B123ABC"
            uppercase
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
            {...f('registration_plate')}
          />
          <TextField
            label="Serie de șasiu (VIN)"
            hint="Rubrica E din talon: 17 caractere"
            uppercase
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={17}
            required
            {...f('vin')}
          />
        </div>
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" onClick={() => void runLookup(values.registration_plate, values.vin)} loading={lookup.kind === 'busy'} loadingLabel="Căutăm vehiculul…">
            Căutați datele vehiculului
          </Button>
          <div aria-live="polite" className="text-sm">
            {lookup.kind === 'found' ? <p className="text-success">{lookup.text}</p> : null}
            {lookup.kind === 'missing' ? <p className="text-warning">Nu am găsit vehiculul în registru. Completați datele tehnice din talon.</p> : null}
            {lookup.kind === 'error' ? <p className="text-error">{lookup.text}</p> : null}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label="Categoria" hint="Rubrica J.1 din talon" options={VEHICLE_CATEGORY_OPTIONS} required {...f('vehicle.category')} />
          <TextField label="Marca" hint="Rubrica D.1" required {...f('vehicle.make')} />
          <TextField label="Modelul" hint="Rubrica D.3" required {...f('vehicle.model')} />
          <SelectField label="Combustibil" hint="Rubrica P.3" placeholder="Alegeți" options={FUEL_OPTIONS} required {...f('vehicle.fuel')} />
          <TextField label="Anul fabricației" inputMode="numeric" maxLength={4} required {...f('vehicle.year')} />
          <TextField label="Masa maximă autorizată (kg)" hint="Rubrica F.1" inputMode="numeric" required {...f('vehicle.max_mass_kg')} />
          <TextField label="Capacitate cilindrică (cm³)" hint="Rubrica P.1 (0 la electrice și remorci)" inputMode="numeric" required {...f('vehicle.engine_cc')} />
          <TextField label="Putere (kW)" hint="Rubrica P.2" inputMode="numeric" required {...f('vehicle.power_kw')} />
          <TextField label="Număr de locuri" hint="Rubrica S.1, inclusiv șoferul" inputMode="numeric" required {...f('vehicle.seats')} />
          <TextField label="Data primei înmatriculări" hint="Rubrica B" type="date" {...f('vehicle.first_registration_date')} />
          <TextField label="Seria cărții de identitate (CIV)" hint="Pe cartea de identitate a vehiculului" uppercase {...f('vehicle.civ_series')} />
          <SelectField label="Mod de utilizare" options={USE_TYPE_OPTIONS} required {...f('vehicle.use_type')} />
        </div>
      </FormSection>

      <FormSection id="rca-owner" title="Proprietarul">
        <FormRadioGroup
          form={form}
          name="owner.type"
          legend="Proprietarul este"
          inline
          options={PARTY_TYPES}
        />
        {person ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="CNP" hint="13 cifre. Clasa bonus-malus se stabilește din istoricul de daune." inputMode="numeric" maxLength={13} autoComplete="off" required {...f('owner.cnp')} />
            <TextField label="Data obținerii permisului" type="date" required {...f('owner.driving_licence_date')} />
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <CompanyFields cui={f('owner.cui')} name={f('owner.name')} setName={(name) => form.change('owner.name', name)} />
            <TextField label="Cod CAEN (opțional)" hint="Activitatea principală, 4 cifre" inputMode="numeric" maxLength={4} {...f('owner.caen')} />
          </div>
        )}
        <Checkbox
          {...f('user_differs')}
          label="Utilizatorul este altul decât proprietarul"
          hint="De exemplu, vehiculul în leasing: firma de leasing este proprietar, iar dumneavoastră sunteți utilizator."
        />
        {values.user_differs ? (
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 font-medium">Utilizatorul</legend>
            <FormRadioGroup
              form={form}
              name="user.type"
              legend="Utilizatorul este"
              inline
              options={PARTY_TYPES}
            />
            {values.user.type === 'person' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Prenumele utilizatorului" autoComplete="off" required {...f('user.first_name')} />
                <TextField label="Numele utilizatorului" autoComplete="off" required {...f('user.last_name')} />
                <TextField label="CNP-ul utilizatorului" inputMode="numeric" maxLength={13} autoComplete="off" required {...f('user.cnp')} />
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <CompanyFields cui={f('user.cui')} name={f('user.name')} cuiLabel="CUI-ul utilizatorului" setName={(name) => form.change('user.name', name)} />
              </div>
            )}
          </fieldset>
        ) : null}
      </FormSection>

      <FormSection id="rca-period" title="Perioada de asigurare">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Data de început"
            type="date"
            min={startWindow.min}
            max={startWindow.max}
            hint={
              renewedEnd
                ? `Reînnoire: polița actuală este valabilă până la ${formatDay(renewedEnd)} inclusiv; noua poliță începe a doua zi.`
                : 'Cel mai devreme mâine, cel târziu peste 30 de zile.'
            }
            required
            {...f('start_date')}
          />
          <SelectField label="Perioada" options={PERIOD_OPTIONS} required {...f('period_months')} />
        </div>
      </FormSection>

      <QuoteFormSubmit form={form} busy={busy} />
    </form>
  );
}
