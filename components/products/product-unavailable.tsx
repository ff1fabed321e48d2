import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';

/** Shown instead of a product's form while the product is switched off. */
export function ProductUnavailable({ productName, children }: { productName: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="warning" title={`${productName} nu este disponibilă momentan`}>
        {children ?? (
          <>
            Nu putem emite acum polițe pentru acest produs. Reveniți mai târziu; pagina se actualizează singură când produsul
            devine din nou disponibil.
          </>
        )}
      </Alert>
      <ButtonLink href="/" variant="secondary">
        Vedeți celelalte produse
      </ButtonLink>
    </div>
  );
}
