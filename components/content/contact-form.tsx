'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/errors';
import { useSchemaForm } from '@/lib/forms/use-schema-form';
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
  const [status, setStatus] = useState<'idle' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({ schema: contactSchema, defaultValues: { ...emptyContactForm, ...initial } });
  const { bind } = form;

  const onValid = async (payload: ContactPayload) => {
    setStatus('idle');
    try {
      await send(payload);
      form.reset({ ...emptyContactForm });
      setStatus('sent');
    } catch (error) {
      // The layer puts a 422's messages next to their fields; the alert says why, and that nothing was lost.
      setStatus('failed');
      setFailure(isApiError(error) ? error.prettyMessage : 'Mesajul nu a putut fi trimis. Verificați conexiunea și încercați din nou.');
      throw error;
    }
  };

  return (
    <form noValidate onSubmit={form.submit(onValid)} className="space-y-5" aria-describedby="contact-rezultat">
      <div id="contact-rezultat" aria-live="polite">
        {status === 'sent' ? (
          <Alert tone="success" title="Mesajul a fost trimis">
            Vă mulțumim! Vă răspundem pe email în cel mult o zi lucrătoare.
          </Alert>
        ) : null}
        {status === 'failed' && failure ? (
          <Alert tone="error" title="Mesajul nu a fost trimis">
            {failure} Ce ați scris a rămas în formular.
          </Alert>
        ) : null}
      </div>
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
