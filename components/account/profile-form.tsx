'use client';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { isRomanianCounty, ROMANIAN_COUNTIES } from '@/contract/counties';
import type { Profile } from '@/contract/types';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { useSaveOutcome } from '@/lib/forms/use-save-outcome';
import type { ProfilePayload } from '@/lib/validation/account';

export type SaveProfile = (payload: ProfilePayload) => Promise<Profile>;

type Values = {
  first_name: string;
  last_name: string;
  phone_number: string;
  address: { county: string; town: string; street: string; postal_code: string };
};

function valuesOf(profile: Profile): Values {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone_number: profile.phone_number ?? '',
    address: {
      county: profile.address?.county ?? '',
      town: profile.address?.town ?? '',
      street: profile.address?.street ?? '',
      postal_code: profile.address?.postal_code ?? '',
    },
  };
}

/** The county list of the checkout; a value saved before the list existed stays choosable until changed. */
function countyOptions(current: string) {
  const list: string[] = [...ROMANIAN_COUNTIES];
  if (current && !isRomanianCounty(current)) list.unshift(current);
  return list.map((c) => ({ value: c, label: c }));
}

/** zod and the schema load with the first edit (see SchemaSource), not with the page. */
const loadProfileSchema = () => import('@/lib/validation/account').then((m) => m.profileFormSchema);

/** Name, phone and address of the account; the email is shown, not editable here. */
export function ProfileForm({ profile, save }: { profile: Profile; save: SaveProfile }) {
  const outcome = useSaveOutcome('Datele nu au putut fi salvate. Verificați conexiunea și încercați din nou.');
  const form = useSchemaForm({ schema: loadProfileSchema, defaultValues: () => valuesOf(profile) });
  const { bind } = form;

  const onValid = async (payload: ProfilePayload) => {
    form.reset(valuesOf(await outcome.run(() => save(payload))));
  };

  return (
    // The next edit withdraws the confirmation: what is on screen is no longer what was saved.
    <form noValidate onSubmit={form.submit(onValid)} onChange={outcome.withdraw} className="space-y-8">
      <SaveOutcomeAlert
        outcome={outcome}
        done={<Alert tone="success">Datele au fost salvate.</Alert>}
        failedTitle="Datele nu au fost salvate"
        kept="Modificările dumneavoastră au rămas în formular."
      />
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
          options={countyOptions(profile.address?.county ?? '')}
          {...bind('address.county')}
        />
        <TextField label="Localitate" autoComplete="address-level2" {...bind('address.town')} />
        <TextField
          label="Stradă, număr, bloc, apartament"
          autoComplete="street-address"
          className="sm:col-span-2"
          {...bind('address.street')}
        />
        <TextField label="Cod poștal" inputMode="numeric" autoComplete="postal-code" {...bind('address.postal_code')} />
      </fieldset>
      <Button type="submit" loading={form.pending} loadingLabel="Se salvează…">
        Salvați modificările
      </Button>
    </form>
  );
}
