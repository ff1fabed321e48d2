import { Container } from '@/components/ui/container';
import type { ProductStatus } from '@/contract/types';
import { LiveProducts } from './live-products';

/**
 * Home page products and vignettes with their availability. Server-rendered from the statuses the page
 * read; the client leaf keeps them current.
 */
export function ProductCards({ statuses }: { statuses: ProductStatus | null }) {
  return (
    <Container>
      <LiveProducts initialStatuses={statuses} />
    </Container>
  );
}
