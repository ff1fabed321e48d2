'use client';

import type { ReactNode } from 'react';
import { FormError } from '@/components/auth/form-error';
import { Button } from '@/components/ui/button';
import { FORM_ERROR } from '@/lib/forms/use-schema-form';

/** The end of a product's form: a message for the whole form (e.g. validation unavailable), then the submit. */
export function QuoteFormSubmit({
  form,
  busy,
  loadingLabel = 'Calculăm ofertele…',
  children = 'Vedeți ofertele',
}: {
  form: { errorOf: (name: typeof FORM_ERROR) => string | undefined };
  busy: boolean;
  loadingLabel?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <FormError message={form.errorOf(FORM_ERROR)} />
      <div>
        <Button type="submit" size="lg" loading={busy} loadingLabel={loadingLabel}>
          {children}
        </Button>
      </div>
    </>
  );
}
