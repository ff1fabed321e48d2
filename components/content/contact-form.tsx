'use client';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
import { useSaveOutcome } from '@/lib/forms/use-save-outcome';
import {
  CONTACT_SUBJECTS,
  contactSchema,
  emptyContactForm,
  type ContactPayload,
} from '@/lib/validation/contact';
import { TextareaField } from '@/components/ui/textarea-field';

type Values = typeof emptyContactForm;

export type SendContact = (payload: ContactPayload) => Promise<void>;

/**
 * The contact form. Validates with the shared schema, sends through `send` (captcha + backend, see
 * ContactSection), confirms in an aria-live region, and keeps every typed value when sending fails.
 */
export function ContactForm({ send, initial }: { send: SendContact; initial?: Partial<Values> }) {
  const outcome = useSaveOutcome('Mesajul nu a putut fi trimis. Verificați conexiunea și încercați din nou.');
  const form = useSchemaForm({ schema: contactSchema, defaultValues: { ...emptyContactForm, ...initial } });
  const { bind } = form;

  const onValid = async (payload: ContactPayload) => {
    await outcome.run(() => send(payload));
    form.reset({ ...emptyContactForm });
  };

  return (
    <form noValidate onSubmit={form.submit(onValid)} className="space-y-5" aria-describedby="contact-rezultat">
      <SaveOutcomeAlert
        id="contact-rezultat"
        outcome={outcome}
        done={
          <Alert tone="success" title="Mesajul a fost trimis">
            Vă mulțumim! Vă răspundem pe email în cel mult o zi lucrătoare.
          </Alert>
        }
        failedTitle="Mesajul nu a fost trimis"
        kept="Ce ați scris a rămas în formular."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nume și prenume" autoComplete="name" required {...bind('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...bind('email')} />
        <TextField
          label="Telefon (opțional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Vă sunăm doar dacă ne rugați."
          {...bind('phone_number')}
        />
        <SelectField
          label="Subiect"
          required
          placeholder="Alegeți subiectul"
          options={CONTACT_SUBJECTS.map((s) => ({ value: s.value, label: s.label }))}
          {...bind('subject')}
        />
      </div>
      <TextareaField id="contact-mesaj" label="Mesaj" rows={6} required {...bind('message')} />
      <Button type="submit" loading={form.pending} loadingLabel="Se trimite mesajul…">
        Trimiteți mesajul
      </Button>
    </form>
  );
}
