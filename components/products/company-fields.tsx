'use client';

import { useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { lookupCompany } from '@/lib/api/checkout';
import { isApiError } from '@/lib/api/errors';
import type { FieldProps } from '@/lib/shop/use-draft-form';
import { isValidCui, normalizeCui } from '@/contract/formats';

type Props = {
  /** The form's `field(name)` helper (value, onChange, onBlur, error). */
  field: (name: string) => FieldProps;
  cuiName: string;
  nameName: string;
  /** Writes the looked-up name into the form. */
  setName: (name: string) => void;
  /** Current values, so a name typed by the customer is never overwritten. */
  cui: string;
  name: string;
  cuiLabel?: string;
};

/**
 * A company: CUI (check digit validated by the schema) and name, the name looked up in the company register
 * (backend `GET /api/v1/companies/{cui}`) when the CUI is left, and typed by hand when the register does not know it.
 */
export function CompanyFields({ field, cuiName, nameName, setName, cui, name, cuiLabel = 'CUI' }: Props) {
  const [note, setNote] = useState<{ tone: 'ok' | 'warn'; text: string } | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const cuiProps = field(cuiName);

  async function lookUp() {
    if (!isValidCui(cui)) return;
    const normalized = normalizeCui(cui);
    if (normalized === lookedUp) return;
    setLookedUp(normalized);
    try {
      const company = await lookupCompany(normalized);
      if (!name || name !== company.name) setName(company.name);
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
        {...cuiProps}
        onBlur={() => {
          cuiProps.onBlur();
          void lookUp();
        }}
      />
      <div className="flex flex-col gap-1">
        <TextField label="Denumirea firmei" autoComplete="organization" required {...field(nameName)} />
        <p aria-live="polite" className={note?.tone === 'warn' ? 'text-sm text-warning' : 'text-sm text-success'}>
          {note?.text ?? null}
        </p>
      </div>
    </>
  );
}
