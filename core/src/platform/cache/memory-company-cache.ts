import { DEFAULT_MAX_AGE_MS, LocalEntries, type CompanyCache } from './company-cache.js';
import type { PortHealth } from '../port.js';

/** One node (embedded mode): invalidation only has this process to reach. */
export class MemoryCompanyCache implements CompanyCache {
  readonly implementation = 'memory';
  private readonly entries: LocalEntries;

  constructor(options: { maxAgeMs?: number } = {}) {
    this.entries = new LocalEntries(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS);
  }

  get<T>(companyId: number, key: string, load: () => Promise<T>): Promise<T> {
    return this.entries.get(companyId, key, load);
  }

  async invalidate(companyId: number): Promise<void> {
    this.entries.forget(companyId);
  }

  async health(): Promise<PortHealth> {
    return { status: 'ok', implementation: this.implementation };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
