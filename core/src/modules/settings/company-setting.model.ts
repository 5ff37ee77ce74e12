import { languages } from '@switchboard/sdk/contracts';
import { TenantModel } from '../../platform/database/model.js';

/** Company options kept as one row per company, one column each (spec 2 §3). */
export const companySettingColumns = [
  'userRating',
  'scheduleType',
  'chatBotType',
  'acceptCallWhatsapp',
  'userRandom',
  'sendGreetingMessageOneQueues',
  'sendSignMessage',
  'sendFarewellWaitingTicket',
  'sendGreetingAccepted',
  'sendMessageOutExpedientTicketOpen',
  'sendQueuePosition',
  'acceptAudioMessageContact',
  'enableLGPD',
  'requiredTag',
  'sendMsgTransfTicket',
  'lgpdDeleteMessage',
  'lgpdHideNumber',
  'lgpdConsent',
  'lgpdMessage',
  'lgpdLink',
  'asaas',
  'customerLanguage',
] as const;
export type CompanySettingColumn = (typeof companySettingColumns)[number];

/** Free-text options; every other option is 'enabled' or 'disabled' (scheduleType and chatBotType have their own values). */
export const textSettingColumns: CompanySettingColumn[] = ['lgpdMessage', 'lgpdLink', 'asaas'];
export const settingChoices: Partial<Record<CompanySettingColumn, string[]>> = {
  scheduleType: ['disabled', 'queue', 'company', 'connection'],
  chatBotType: ['text'],
  customerLanguage: [...languages],
};
/** Stored encrypted and answered masked. */
export const secretSettingColumns: CompanySettingColumn[] = ['asaas'];

export class CompanySettingModel extends TenantModel {
  static override tableName = 'company_settings';

  static override get columnNameMappers() {
    // enableLGPD is the spec's spelling; its column is enable_lgpd.
    const base = super.columnNameMappers;
    return {
      parse: (json: Record<string, unknown>) => {
        const parsed = base.parse(json);
        if ('enableLgpd' in parsed) {
          parsed.enableLGPD = parsed.enableLgpd;
          delete parsed.enableLgpd;
        }
        return parsed;
      },
      format: (json: Record<string, unknown>) => {
        const copy = { ...json };
        if ('enableLGPD' in copy) {
          copy.enable_lgpd = copy.enableLGPD;
          delete copy.enableLGPD;
        }
        return base.format(copy);
      },
    };
  }
}
