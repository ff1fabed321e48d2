'use client';

import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFieldForm } from '@/components/ui/use-field-form';
import { isApiError } from '@/lib/api/errors';
import {
  CONTACT_SUBJECTS,
  contactSchema,
  emptyContactForm,
  type ContactPayload,
} from '@/lib/validation/contact';
import { fieldErrorsOf } from '@/contract/field-errors';
import { TextareaField } from '@/components/ui/textarea-field';

type Values = typeof emptyContactForm;
type Field = keyof Values;

export type SendContact = (payload: ContactPayload) => Promise<void>;

/**
 * The contact form. Validates with the shared schema, sends through `send` (captcha + backend, see
 * ContactSection), confirms in an aria-live region, and keeps every typed value when sending fails.
 */
export function ContactForm({ send, initial }: { send: SendContact; initial?: Partial<Values> }) {
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const { values, setValues, setErrors, formRef, bind, refuse } = useFieldForm<Values>({ ...emptyContactForm, ...initial });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      refuse(fieldErrorsOf(parsed.error) as Partial<Record<Field, string>>);
      setStatus('idle');
      return;
    }
    setErrors({});
    setFailure(null);
    setStatus('sending');
    try {
      await send(parsed.data);
      setStatus('sent');
      setValues({ ...emptyContactForm });
    } catch (error) {
      setStatus('failed');
      if (isApiError(error)) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const field of Object.keys(emptyContactForm) as Field[]) {
          const message = error.fieldError(field);
          if (message) fromServer[field] = message;
        }
        setErrors(fromServer);
        setFailure(error.prettyMessage);
      } else {
        setFailure('Mesajul nu a putut fi trimis. Verificați conexiunea și încercați din nou.');
      }
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="contact-rezultat">
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
      <Button type="submit" loading={status === 'sending'} loadingLabel="Se trimite mesajul…">
        Trimiteți mesajul
      </Button>
    </form>
  );
}
