/**
 * Renewal shortcut: the product page's form prefills from `?renew=<policy id>`.
 * Product codes of the backend → the shop's product routes.
 */
const PRODUCT_ROUTES: Record<string, string> = {
  rca: '/rca',
  travel: '/travel',
  'house-insurance': '/house',
  house: '/house',
  tire: '/tire',
  'michelin-tiresecureplus': '/tire',
};

export function productRoute(productCode: string): string | null {
  return PRODUCT_ROUTES[productCode] ?? null;
}

/** `/rca?renew=12`, or null for a product that cannot be bought here. */
export function renewalHref(policy: { id: number; product_code: string }): string | null {
  const route = productRoute(policy.product_code);
  return route ? `${route}?renew=${encodeURIComponent(String(policy.id))}` : null;
}
