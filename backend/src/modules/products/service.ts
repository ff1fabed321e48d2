import type { AppContext } from '../../context';
import type { Insurer, ProductStatus } from '../../../../contract/types';

export interface ProductRow {
  id: number;
  code: string;
  name: string;
  description: string;
  status_flag: string | null;
  is_active: number;
  policy_prefix: string;
  min_period: number;
  max_period: number;
  periods: string;
  options: string;
}

export function productRow(ctx: AppContext, code: string): ProductRow | undefined {
  return ctx.db.prepare('SELECT * FROM products WHERE code = ?').get(code) as ProductRow | undefined;
}

export function isAvailable(row: ProductRow, status: ProductStatus): boolean {
  if (!row.is_active) return false;
  if (!row.status_flag) return true;
  return Boolean((status as unknown as Record<string, unknown>)[row.status_flag]);
}

/** Insurers and vignette issuers (CNAIR, NÚSZ), in display order. */
function allIssuers(ctx: AppContext): (Insurer & { is_vignette_issuer: number })[] {
  return ctx.site.cached('issuers', () =>
    ctx.db.prepare('SELECT code, name, is_vignette_issuer FROM insurers ORDER BY sort').all() as (Insurer & { is_vignette_issuer: number })[]);
}

/** The insurers (not the vignette issuers). */
export function insurers(ctx: AppContext): Insurer[] {
  return ctx.site.cached('insurers', () => allIssuers(ctx).filter((i) => !i.is_vignette_issuer).map(({ code, name }) => ({ code, name })));
}

/** An insurer or vignette issuer by code. */
export function insurerByCode(ctx: AppContext, code: string): Insurer {
  const found = allIssuers(ctx).find((i) => i.code === code);
  return found ? { code: found.code, name: found.name } : { code, name: code };
}

function serialize(ctx: AppContext, row: ProductRow, status: ProductStatus) {
  const tariffInsurers = ctx.db
    .prepare('SELECT DISTINCT insurer_code FROM tariffs WHERE product_code = ? AND insurer_code IS NOT NULL')
    .pluck()
    .all(row.code) as string[];
  const options = JSON.parse(row.options) as Record<string, unknown>;
  const planInsurers = Array.isArray(options.plans)
    ? (options.plans as { insurer?: Insurer }[]).map((p) => p.insurer?.code).filter((c): c is string => Boolean(c))
    : [];
  const codes = new Set([...tariffInsurers, ...planInsurers]);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    is_available: isAvailable(row, status),
    min_period: row.min_period,
    max_period: row.max_period,
    periods: JSON.parse(row.periods),
    insurers: [...codes].length ? allIssuers(ctx).filter((i) => codes.has(i.code)).map(({ code, name }) => ({ code, name })) : [],
    options,
  };
}

/** Serialized `{data: Product[]}` body (a Buffer: no per-request encoding), cached until a flag changes. */
export function productListBody(ctx: AppContext): Buffer {
  return ctx.site.cached('products:list', () => {
    const status = ctx.site.productStatus();
    const rows = ctx.db.prepare('SELECT * FROM products ORDER BY sort').all() as ProductRow[];
    return Buffer.from(JSON.stringify({ data: rows.map((r) => serialize(ctx, r, status)) }));
  });
}

export function productBody(ctx: AppContext, code: string): Buffer | null {
  return ctx.site.cached(`products:${code}`, () => {
    const row = productRow(ctx, code);
    return row ? Buffer.from(JSON.stringify({ data: serialize(ctx, row, ctx.site.productStatus()) })) : null;
  });
}
