import type { PluginStore } from '@switchboard/sdk';

/**
 * WhatsApp's customer-service window: a business may answer freely for 24 hours after the contact's last message;
 * after that only an approved template may start the conversation again.
 */
export const CUSTOMER_SERVICE_WINDOW_HOURS = 24;

const keyOf = (address: string) => `customerWrote:${address}`;

export class CustomerServiceWindow {
  constructor(
    private readonly store: PluginStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The contact wrote at `at` (ms); an older delivery arriving late never moves the window back. */
  async customerWrote(address: string, at: number): Promise<void> {
    const known = await this.lastWrote(address);
    if (known === undefined || at > known) await this.store.set(keyOf(address), String(at));
  }

  async isOpen(address: string): Promise<boolean> {
    const last = await this.lastWrote(address);
    return last !== undefined && this.now() - last < CUSTOMER_SERVICE_WINDOW_HOURS * 3_600_000;
  }

  private async lastWrote(address: string): Promise<number | undefined> {
    const value = await this.store.get(keyOf(address));
    return value === undefined ? undefined : Number(value);
  }
}
