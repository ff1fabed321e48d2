import type { AppContext } from '../../context';

export interface Company {
  cui: string;
  name: string;
  trade_register: string | null;
  address: string | null;
  is_leasing: boolean;
}

export interface Partner {
  code: string;
  name: string;
  theme_enabled: boolean;
}

/** A company of the demo register by its CUI (without `RO`), or null. Production asks the national register. */
export function findCompany(ctx: AppContext, cui: string): Company | null {
  const row = ctx.db.prepare('SELECT cui, name, trade_register, address, is_leasing FROM companies WHERE cui = ?').get(cui) as
    | (Omit<Company, 'is_leasing'> & { is_leasing: number })
    | undefined;
  return row ? { ...row, is_leasing: row.is_leasing === 1 } : null;
}

/** The active partners of the registry. */
export function activePartners(ctx: AppContext): Partner[] {
  const rows = ctx.db.prepare('SELECT code, name, theme_enabled FROM partners WHERE is_active = 1 ORDER BY code').all() as {
    code: string;
    name: string;
    theme_enabled: number;
  }[];
  return rows.map((r) => ({ code: r.code, name: r.name, theme_enabled: r.theme_enabled === 1 }));
}

/** An active partner by code (case-insensitive), or null for an unknown or inactive one. */
export function findPartner(ctx: AppContext, code: string): Partner | null {
  const row = ctx.db.prepare('SELECT code, name, theme_enabled FROM partners WHERE code = ? AND is_active = 1').get(code.toLowerCase()) as
    | { code: string; name: string; theme_enabled: number }
    | undefined;
  return row ? { code: row.code, name: row.name, theme_enabled: row.theme_enabled === 1 } : null;
}
