import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';

/** Shown instead of a product's form while the product is switched off. */
export function ProductUnavailable({ productName }: { productName: string }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="warning" title={`${productName} nu este disponibilă momentan`}>
        Nu putem emite acum polițe pentru acest produs. Reveniți mai târziu; pagina se actualizează singură când produsul
        devine din nou disponibil.
      </Alert>
      <ButtonLink href="/" variant="secondary">
        Vedeți celelalte produse
      </ButtonLink>
    </div>
  );
}
