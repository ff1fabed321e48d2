import type { DB } from '../../db/connection';
import type { MaintenanceStatus, ProductStatus } from '../../../../contract/types';

export const PRODUCT_FLAGS = [
  'is_ro_vignette_available',
  'is_hu_vignette_available',
  'is_rca_available',
  'is_travel_available',
  'is_house_insurance_available',
] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

/** CLI names (rca, travel, house-insurance, ro_vignette …) → column. */
export function flagFromName(name: string): ProductFlag | null {
  const n = name.trim().toLowerCase().replace(/-/g, '_');
  const col = n.startsWith('is_') ? n : `is_${n}_available`;
  return (PRODUCT_FLAGS as readonly string[]).includes(col) ? (col as ProductFlag) : null;
}

export function readMaintenance(db: DB): MaintenanceStatus {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'maintenance'").get() as { value: string } | undefined;
  if (!row) return { is_active: false, message: null };
  const v = JSON.parse(row.value) as MaintenanceStatus;
  return { is_active: Boolean(v.is_active), message: v.message ?? null };
}

export function writeMaintenance(db: DB, state: MaintenanceStatus, now: Date): MaintenanceStatus {
  db.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
    'maintenance',
    JSON.stringify(state),
    now.toISOString(),
  );
  return state;
}

export function readProductStatus(db: DB): ProductStatus {
  const row = db.prepare('SELECT * FROM product_statuses WHERE id = 1').get() as Record<string, unknown>;
  const s = { ...row } as Record<string, unknown>;
  for (const f of PRODUCT_FLAGS) s[f] = Boolean(row[f]);
  return s as unknown as ProductStatus;
}

/** Changes flags; bumps updated_at only when something changed. */
export function writeProductFlags(db: DB, flags: Partial<Record<ProductFlag, boolean>>, now: Date): { status: ProductStatus; changed: boolean } {
  return db.transaction(() => {
    const current = readProductStatus(db);
    const changes = PRODUCT_FLAGS.filter((f) => flags[f] !== undefined && flags[f] !== current[f]);
    if (changes.length === 0) return { status: current, changed: false };
    let at = now.toISOString();
    // updated_at must change even for two changes within the same millisecond.
    if (at <= current.updated_at) at = new Date(Date.parse(current.updated_at) + 1).toISOString();
    const sets = changes.map((f) => `${f} = @${f}`).join(', ');
    const params: Record<string, unknown> = { at };
    for (const f of changes) params[f] = flags[f] ? 1 : 0;
    db.prepare(`UPDATE product_statuses SET ${sets}, updated_at = @at WHERE id = 1`).run(params);
    return { status: readProductStatus(db), changed: true };
  })();
}
