import { inject, injectable } from '@switchboard/sdk';
import type { Language } from '@switchboard/sdk/contracts';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import type { NumberHiding } from '../../platform/http/contact-number-masking.js';
import { Tenancy } from '../../platform/tenancy.js';

export type ScheduleType = 'disabled' | 'queue' | 'company' | 'connection';

/** A company's options (spec 2 §3 "Company setting options"), typed: on/off options are booleans. */
export interface CompanyOptions {
  userRating: boolean;
  scheduleType: ScheduleType;
  chatBotType: string;
  acceptCallWhatsapp: boolean;
  userRandom: boolean;
  sendGreetingMessageOneQueues: boolean;
  sendSignMessage: boolean;
  sendFarewellWaitingTicket: boolean;
  sendGreetingAccepted: boolean;
  sendMessageOutExpedientTicketOpen: boolean;
  sendQueuePosition: boolean;
  acceptAudioMessageContact: boolean;
  enableLgpd: boolean;
  requiredTag: boolean;
  sendMsgTransfTicket: boolean;
  lgpdDeleteMessage: boolean;
  lgpdHideNumber: boolean;
  lgpdConsent: boolean;
  lgpdMessage: string;
  lgpdLink: string;
  /** The language of the product's texts to the company's customers (and of {{ms}}, {{date}}, {{hour}}). */
  customerLanguage: Language;
}

/** The options of a company without a settings row: the same values as the column defaults (migrations 0001, 0021). */
export const companyOptionDefaults: Readonly<CompanyOptions> = Object.freeze({
  userRating: false,
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: true,
  userRandom: true,
  sendGreetingMessageOneQueues: true,
  sendSignMessage: true,
  sendFarewellWaitingTicket: false,
  sendGreetingAccepted: true,
  sendMessageOutExpedientTicketOpen: false,
  sendQueuePosition: false,
  acceptAudioMessageContact: true,
  enableLgpd: false,
  requiredTag: false,
  sendMsgTransfTicket: false,
  lgpdDeleteMessage: false,
  lgpdHideNumber: false,
  lgpdConsent: false,
  lgpdMessage: '',
  lgpdLink: '',
  customerLanguage: 'pt-BR',
});

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A stored row → typed options; a missing row or column takes its default. */
export function companyOptionsOf(row: Record<string, unknown> | undefined): CompanyOptions {
  const options: Record<string, unknown> = { ...companyOptionDefaults };
  for (const [key, fallback] of Object.entries(companyOptionDefaults)) {
    const stored = row?.[snake(key)];
    if (stored === undefined || stored === null) continue;
    options[key] = typeof fallback === 'boolean' ? stored === 'enabled' : String(stored);
  }
  return options as unknown as CompanyOptions;
}

/**
 * The one reader of company_settings for the services that act on the options: cached per company until a change
 * (CompanySettingService.update) invalidates it on every node.
 */
@injectable()
export class CompanySettings implements NumberHiding {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanyCache) private readonly cache: CompanyCache,
  ) {}

  read(companyId: number): Promise<CompanyOptions> {
    return this.cache.get(companyId, 'companySettings', async () =>
      companyOptionsOf(await this.tenancy.of(companyId).table('company_settings').first()),
    );
  }

  /** NumberHiding for the API's and the realtime bus's masking. */
  async hidesNumbers(companyId: number): Promise<boolean> {
    return (await this.read(companyId)).lgpdHideNumber;
  }

  /** After a committed change of the company's options (or its timezone, hours, connections, queues). */
  changed(companyId: number): Promise<void> {
    return this.cache.invalidate(companyId);
  }
}
