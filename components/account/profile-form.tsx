'use client';

import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFieldForm } from '@/components/ui/use-field-form';
import { isRomanianCounty, ROMANIAN_COUNTIES } from '@/contract/counties';
import { isApiError } from '@/lib/api/errors';
import type { Profile } from '@/contract/types';
import { fieldErrorsOf } from '@/contract/field-errors';
import { profileFormSchema, type ProfilePayload } from '@/lib/validation/account';

export type SaveProfile = (payload: ProfilePayload) => Promise<Profile>;

type Values = {
  first_name: string;
  last_name: string;
  phone_number: string;
  county: string;
  town: string;
  street: string;
  postal_code: string;
};

function valuesOf(profile: Profile): Values {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone_number: profile.phone_number ?? '',
    county: profile.address?.county ?? '',
    town: profile.address?.town ?? '',
    street: profile.address?.street ?? '',
    postal_code: profile.address?.postal_code ?? '',
  };
}

/** The county list of the checkout; a value saved before the list existed stays choosable until changed. */
function countyOptions(current: string) {
  const list: string[] = [...ROMANIAN_COUNTIES];
  if (current && !isRomanianCounty(current)) list.unshift(current);
  return list.map((c) => ({ value: c, label: c }));
}

/** Error keys of the schema and of the backend (`address.county`) → form fields. */
function toFieldKey(key: string): keyof Values | null {
  const name = key.startsWith('address.') ? key.slice('address.'.length) : key;
  return ['first_name', 'last_name', 'phone_number', 'county', 'town', 'street', 'postal_code'].includes(name)
    ? (name as keyof Values)
    : null;
}

/** Name, phone and address of the account; the email is shown, not editable here. */
export function ProfileForm({ profile, save }: { profile: Profile; save: SaveProfile }) {
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const { values, setValues, setErrors, formRef, bind, refuse } = useFieldForm<Values>(() => valuesOf(profile), {
    onEdit: () => {
      if (status === 'saved') setStatus('idle');
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileFormSchema.safeParse({
      first_name: values.first_name,
      last_name: values.last_name,
      phone_number: values.phone_number,
      address: { county: values.county, town: values.town, street: values.street, postal_code: values.postal_code },
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const [key, message] of Object.entries(fieldErrorsOf(parsed.error))) {
        const field = toFieldKey(key);
        if (field) next[field] ??= message;
      }
      refuse(next);
      setStatus('idle');
      return;
    }
    setStatus('saving');
    setFailure(null);
    try {
      const saved = await save(parsed.data);
      setValues(valuesOf(saved));
      setErrors({});
      setStatus('saved');
    } catch (error) {
      setStatus('failed');
      if (isApiError(error)) {
        const next: Partial<Record<keyof Values, string>> = {};
        for (const [key, messages] of Object.entries(error.fieldErrors)) {
          const field = toFieldKey(key);
          if (field && messages[0]) next[field] = messages[0];
        }
        setErrors(next);
        setFailure(error.prettyMessage);
      } else {
        setFailure('Datele nu au putut fi salvate. Verificați conexiunea și încercați din nou.');
      }
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-8">
      <div aria-live="polite">
        {status === 'saved' ? <Alert tone="success">Datele au fost salvate.</Alert> : null}
        {status === 'failed' && failure ? (
          <Alert tone="error" title="Datele nu au fost salvate">
            {failure} Modificările dumneavoastră au rămas în formular.
          </Alert>
        ) : null}
      </div>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-semibold">Date personale</legend>
        <TextField label="Email" value={profile.email} readOnly disabled hint="Adresa de email nu se poate schimba aici." />
        <div className="hidden sm:block" />
        <TextField label="Prenume" autoComplete="given-name" required {...bind('first_name')} />
        <TextField label="Nume" autoComplete="family-name" required {...bind('last_name')} />
        <TextField label="Telefon" type="tel" inputMode="tel" autoComplete="tel" required {...bind('phone_number')} />
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-1 text-lg font-semibold">Adresă</legend>
        <p className="text-sm text-muted sm:col-span-2">Opțională. O folosim pentru a completa mai repede ofertele.</p>
        <SelectField
          label="Județ"
          autoComplete="address-level1"
          placeholder="Alegeți județul"
          options={countyOptions(values.county)}
          {...bind('county')}
        />
        <TextField label="Localitate" autoComplete="address-level2" {...bind('town')} />
        <TextField label="Stradă, număr, bloc, apartament" autoComplete="street-address" className="sm:col-span-2" {...bind('street')} />
        <TextField label="Cod poștal" inputMode="numeric" autoComplete="postal-code" {...bind('postal_code')} />
      </fieldset>
      <Button type="submit" loading={status === 'saving'} loadingLabel="Se salvează…">
        Salvați modificările
      </Button>
    </form>
  );
}
