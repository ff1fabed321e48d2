import { Card } from '@/components/ui/card';
import type { HomeProduct } from './product-catalogue';
import { ProductStart } from './product-start';

/**
 * One product on the home page, server-rendered. An unavailable product says so and offers no way to start it
 * (ProductStart follows the statuses live).
 */
export function ProductCard({ product }: { product: Omit<HomeProduct, 'available'> }) {
  const headingId = `produs-${product.code}`;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex h-full flex-col">
      {/* eslint-disable-next-line @next/next/no-img-element -- small decorative SVG icon */}
      <img src={product.icon} alt="" width={48} height={48} loading="lazy" className="h-12 w-12" />
      <h3 id={headingId} className="mt-4 text-xl font-semibold text-primary">
        {product.title}
      </h3>
      <p className="mt-2 text-muted">{product.summary}</p>
      <ul className="mt-4 space-y-1.5 text-sm">
        {product.points.map((point) => (
          <li key={point} className="flex gap-2">
            <span aria-hidden="true" className="text-success">
              ✓
            </span>
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <ProductStart code={product.code} href={product.href} cta={product.cta} headingId={headingId} />
      </div>
    </Card>
  );
}
