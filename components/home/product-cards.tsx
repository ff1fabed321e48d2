import { Container } from '@/components/ui/container';
import type { ProductStatus } from '@/contract/types';
import { LiveProducts } from './live-products';
import { ProductCard } from './product-card';
import { homeProducts, vignetteFlags } from './product-catalogue';
import { ProductStatusesAlert } from './product-statuses-alert';
import { VignetteFlags } from './vignette-flags';

/**
 * Home page products and vignettes with their availability. Server-rendered from the statuses the page
 * read (the texts never reach the page's JavaScript); LiveProducts and the cards' client leaves keep the
 * availability current.
 */
export function ProductCards({ statuses, pollMs }: { statuses: ProductStatus | null; /** The guests' status poll (tests turn it off). */ pollMs?: number }) {
  return (
    <Container>
      <LiveProducts initialStatuses={statuses} pollMs={pollMs}>
        <section aria-labelledby="produse-titlu" className="py-12">
          <h2 id="produse-titlu" className="text-2xl font-bold text-primary sm:text-3xl">
            Ce asigurare căutați?
          </h2>
          <ProductStatusesAlert />
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-live="polite">
            {homeProducts(statuses).map((product) => (
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
      </LiveProducts>
    </Container>
  );
}
