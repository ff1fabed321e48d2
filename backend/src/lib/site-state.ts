import type { DB } from '../db/connection';
import type { Clock } from './clock';
import type { Realtime } from '../realtime/broadcaster';
import {
  readMaintenance,
  readProductStatus,
  writeMaintenance,
  writeProductFlags,
  type ProductFlag,
} from '../modules/admin/service';
import type { MaintenanceStatus, ProductStatus } from '../../../contract/types';

/**
 * Hot, rarely-changing state held in memory: maintenance flag, product statuses and serialized
 * responses built from them. Invalidated on our own writes and, through SQLite's data_version,
 * on writes by other processes (other backend processes, the CLIs when the server does not answer).
 * The realtime bus calls refresh() at every poll, so each process notices a change at once and tells its
 * own sockets (publishLocal: every process publishes what it noticed, nothing goes through the bus twice).
 */
export class SiteState {
  private dataVersion: () => number;
  private lastVersion: number;
  private maint: MaintenanceStatus;
  private status: ProductStatus;
  private statusHeader: string;
  private cache = new Map<string, unknown>();

  constructor(
    private db: DB,
    private clock: Clock,
    private realtime: Realtime,
  ) {
    const stmt = db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = () => stmt.get() as number;
    this.lastVersion = this.dataVersion();
    this.maint = readMaintenance(db);
    this.status = readProductStatus(db);
    this.statusHeader = JSON.stringify(this.status);
  }

  /** Reloads when another connection committed since the last look; publishes what changed. */
  refresh(): void {
    const v = this.dataVersion();
    if (v === this.lastVersion) return;
    this.lastVersion = v;
    const maint = readMaintenance(this.db);
    const status = readProductStatus(this.db);
    this.cache.clear();
    if (maint.is_active !== this.maint.is_active) {
      this.realtime.publishLocal('site', 'maintenance.changed', { is_active: maint.is_active });
    }
    this.maint = maint;
    if (status.updated_at !== this.status.updated_at) {
      this.status = status;
      this.statusHeader = JSON.stringify(status);
      this.realtime.publishLocal('site', 'product-statuses.updated', status);
    }
  }

  maintenance(): MaintenanceStatus {
    return this.maint;
  }

  setMaintenance(next: MaintenanceStatus): MaintenanceStatus {
    const changed = next.is_active !== this.maint.is_active;
    this.maint = writeMaintenance(this.db, next, this.clock.now());
    this.lastVersion = this.dataVersion();
    if (changed) this.realtime.publishLocal('site', 'maintenance.changed', { is_active: next.is_active });
    return this.maint;
  }

  productStatus(): ProductStatus {
    return this.status;
  }

  productStatusHeader(): string {
    return this.statusHeader;
  }

  setProductFlags(flags: Partial<Record<ProductFlag, boolean>>): ProductStatus {
    const { status, changed } = writeProductFlags(this.db, flags, this.clock.now());
    this.lastVersion = this.dataVersion();
    if (changed) {
      this.status = status;
      this.statusHeader = JSON.stringify(status);
      this.cache.clear();
      this.realtime.publishLocal('site', 'product-statuses.updated', status);
    }
    return status;
  }

  /** Memoizes a value until the next state change. */
  cached<T>(key: string, build: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const v = build();
    this.cache.set(key, v);
    return v;
  }
}
