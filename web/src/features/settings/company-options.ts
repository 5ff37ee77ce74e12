import { languages } from '@switchboard/sdk/contracts';

/**
 * The company options of the settings screen (spec 2 §3), in display order. Every option saves on change with
 * PUT /companySettings {column, data}; on/off options hold 'enabled' or 'disabled'.
 */
export type CompanyOption =
  | { column: string; kind: 'onOff' }
  | { column: string; kind: 'choice'; choices: string[] }
  | { column: string; kind: 'text'; multiline?: boolean };

/** Options every admin sees (LGPD details only while LGPD is enabled). */
export const generalOptions: CompanyOption[] = [
  { column: 'userRating', kind: 'onOff' },
  { column: 'scheduleType', kind: 'choice', choices: ['disabled', 'queue', 'company', 'connection'] },
  { column: 'chatBotType', kind: 'choice', choices: ['text'] },
  { column: 'acceptCallWhatsapp', kind: 'onOff' },
  { column: 'userRandom', kind: 'onOff' },
  { column: 'sendGreetingMessageOneQueues', kind: 'onOff' },
  { column: 'sendSignMessage', kind: 'onOff' },
  { column: 'sendFarewellWaitingTicket', kind: 'onOff' },
  { column: 'sendGreetingAccepted', kind: 'onOff' },
  { column: 'sendMessageOutExpedientTicketOpen', kind: 'onOff' },
  { column: 'sendQueuePosition', kind: 'onOff' },
  { column: 'acceptAudioMessageContact', kind: 'onOff' },
  { column: 'requiredTag', kind: 'onOff' },
  { column: 'sendMsgTransfTicket', kind: 'onOff' },
  { column: 'enableLGPD', kind: 'onOff' },
  { column: 'customerLanguage', kind: 'choice', choices: [...languages] },
];

export const lgpdOptions: CompanyOption[] = [
  { column: 'lgpdMessage', kind: 'text', multiline: true },
  { column: 'lgpdLink', kind: 'text' },
  { column: 'lgpdDeleteMessage', kind: 'onOff' },
  { column: 'lgpdHideNumber', kind: 'onOff' },
  { column: 'lgpdConsent', kind: 'onOff' },
];

/** The payment provider's token: only the super user writes it (the server answers 403 to others). */
export const paymentOptions: CompanyOption[] = [{ column: 'asaas', kind: 'text' }];

/** Whether the company's service hours are set on the company itself, which shows the schedules tab (spec 2 §4). */
export function usesCompanySchedules(settings: Record<string, unknown> | undefined): boolean {
  return settings?.scheduleType === 'company';
}
