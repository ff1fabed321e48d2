'use client';

import { useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { lookupCompany } from '@/lib/api/checkout';
import { isApiError } from '@/lib/api/errors';
import type { BoundField } from '@/lib/forms/use-schema-form';
import { isValidCui, normalizeCui } from '@/contract/formats';

type Props = {
  /** The CUI and name fields, bound to the form (`form.bind(…)`). */
  cui: BoundField;
  name: BoundField;
  /** Writes the looked-up name into the form. */
  setName: (name: string) => void;
  cuiLabel?: string;
};

/**
 * A company: CUI (check digit validated by the schema) and name, the name looked up in the company register
 * (backend `GET /api/v1/companies/{cui}`) when the CUI is left, and typed by hand when the register does not know it.
 */
export function CompanyFields({ cui: cuiField, name: nameField, setName, cuiLabel = 'CUI' }: Props) {
  const [note, setNote] = useState<{ tone: 'ok' | 'warn'; text: string } | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  async function lookUp(cui: string) {
    if (!isValidCui(cui)) return;
    const normalized = normalizeCui(cui);
    if (normalized === lookedUp) return;
    setLookedUp(normalized);
    try {
      const company = await lookupCompany(normalized);
      setName(company.name);
      setNote({ tone: 'ok', text: `Am găsit firma în registru: ${company.name}.` });
    } catch (e) {
      setNote({
        tone: 'warn',
        text: isApiError(e) && e.status === 404 ? 'Nu am găsit firma în registru. Introduceți denumirea manual.' : 'Registrul firmelor nu răspunde. Introduceți denumirea manual.',
      });
    }
  }

  return (
    <>
      <TextField
        label={cuiLabel}
        hint="Cu sau fără prefixul RO"
        uppercase
        autoComplete="off"
        required
        {...cuiField}
        onBlur={(event) => {
          void cuiField.onBlur(event);
          void lookUp(event.target.value);
        }}
      />
      <div className="flex flex-col gap-1">
        <TextField label="Denumirea firmei" autoComplete="organization" required {...nameField} />
        <p aria-live="polite" className={note?.tone === 'warn' ? 'text-sm text-warning' : 'text-sm text-success'}>
          {note?.text ?? null}
        </p>
      </div>
    </>
  );
}
