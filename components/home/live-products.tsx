'use client';

import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { listProducts } from '@/lib/api/products';
import type { ProductStatus } from '@/contract/types';
import { ProductCard } from './product-card';
import { homeProducts, vignetteFlags } from './product-catalogue';
import { useLiveProductStatuses } from './use-live-product-statuses';
import { VignetteFlags } from './vignette-flags';

/**
 * The product cards and vignette flags of the home page: server-rendered with the statuses, then updated
 * live when they change.
 */
export function LiveProducts({ initialStatuses, pollMs }: { initialStatuses: ProductStatus | null; pollMs?: number }) {
  const statuses = useLiveProductStatuses(initialStatuses, pollMs);
  const products = homeProducts(statuses);
  const [retrying, setRetrying] = useState(false);
  // Any products answer carries the statuses header, which the hook above picks up from the product store.
  const retry = () => {
    setRetrying(true);
    listProducts()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    <>
      <section aria-labelledby="produse-titlu" className="py-12">
        <h2 id="produse-titlu" className="text-2xl font-bold text-primary sm:text-3xl">
          Ce asigurare căutați?
        </h2>
        {statuses === null ? (
          <LoadError
            title="Nu am putut verifica disponibilitatea produselor"
            message="Serverul nu răspunde momentan. Reîncercăm automat; puteți încerca și acum."
            onRetry={retry}
            retrying={retrying}
          />
        ) : null}
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-live="polite">
          {products.map((product) => (
            <ProductCard key={product.code} product={product} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="viniete-titlu" className="pb-12">
        <h2 id="viniete-titlu" className="text-2xl font-bold text-primary">
          Viniete
        </h2>
        <div className="mt-4" aria-live="polite">
          <VignetteFlags flags={vignetteFlags(statuses)} />
        </div>
      </section>
    </>
  );
}
