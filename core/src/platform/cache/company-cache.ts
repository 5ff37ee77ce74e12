import type { Port } from '../port.js';

export const CompanyCache = Symbol('CompanyCache');
/**
 * Values derived from one company's rows (its settings, a connection's options), kept in the node's memory until
 * the company changes them: `invalidate` drops the company's entries on every node, so a change is seen at once.
 */
export interface CompanyCache extends Port {
  /** The cached value of `key`, loaded by `load` when absent (one load at a time per key; a failed load is not kept). */
  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets the company's entries here and on every other node; call it after the change is committed. */
  invalidate(companyId: number): Promise<void>;
}

/** A safety net only: invalidation is what keeps entries fresh; this bounds the life of one missed by a node. */
export const DEFAULT_MAX_AGE_MS = 5 * 60_000;

/** The in-memory entries both implementations keep. */
export class LocalEntries {
  private readonly companies = new Map<number, Map<string, { at: number; value: Promise<unknown> }>>();

  constructor(private readonly maxAgeMs: number) {}

  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T> {
    let entries = this.companies.get(companyId);
    if (!entries) this.companies.set(companyId, (entries = new Map()));
    const cached = entries.get(key);
    if (cached && Date.now() - cached.at < this.maxAgeMs) return cached.value as Promise<T>;
    // A real promise, settled once: a knex builder is a thenable that would run its query again at each await.
    const value = Promise.resolve().then(load);
    const entry = { at: Date.now(), value };
    entries.set(key, entry);
    // Only this entry: an invalidation may already have replaced the company's map with a newer load.
    value.catch(() => {
      if (this.companies.get(companyId)?.get(key) === entry) this.companies.get(companyId)!.delete(key);
    });
    return value;
  }

  forget(companyId: number): void {
    this.companies.delete(companyId);
  }

  clear(): void {
    this.companies.clear();
  }
}
