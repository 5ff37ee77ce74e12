import * as yup from 'yup';
import { companySettingColumns, settingChoices, textSettingColumns, type CompanySettingColumn } from './company-setting.model.js';

export const ENABLED_DISABLED = ['enabled', 'disabled'];

/** Key/value settings kept in the settings table (the company-wide options live in company_settings). */
export const keyValueSettings = ['userCreation'] as const;
/** Only the super user changes these (spec 2 §6). */
export const superOnlySettings: string[] = ['userCreation'];
/** Company-setting columns only the super user writes: the platform's payment-provider token. */
export const superOnlyCompanySettingColumns: CompanySettingColumn[] = ['asaas'];

const TEXT_MAX = 5000;

/** The values a setting or company-setting column accepts. */
export function settingValueSchema(key: string) {
  if ((textSettingColumns as string[]).includes(key)) {
    return yup.string().defined('Valor é obrigatório').nullable().max(TEXT_MAX, `No máximo ${TEXT_MAX} caracteres`);
  }
  const choices = settingChoices[key as CompanySettingColumn] ?? (isOnOff(key) ? ENABLED_DISABLED : undefined);
  if (choices) {
    return yup
      .string()
      .required('Valor é obrigatório')
      .oneOf(choices, `Valor inválido: use ${choices.join(', ')}`);
  }
  return yup.string().defined('Valor é obrigatório').nullable().max(TEXT_MAX, `No máximo ${TEXT_MAX} caracteres`);
}

function isOnOff(key: string): boolean {
  return (keyValueSettings as readonly string[]).includes(key) || (companySettingColumns as readonly string[]).includes(key);
}

/** PUT /settings/:key body. */
export function settingUpdateSchema(key: string) {
  return yup.object({ value: settingValueSchema(key) });
}

const column = yup
  .string()
  .required('Coluna é obrigatória')
  .oneOf([...companySettingColumns], 'Coluna de configuração desconhecida');

/** GET /companySettingOne?column= */
export const companySettingOneSchema = yup.object({ column });

/** PUT /companySettings: `{ column, data }`, data checked against the column's allowed values. */
export const companySettingUpdateSchema = yup
  .object({
    column,
    data: yup.mixed<string>().nullable(),
  })
  .test('data-for-column', '', async function dataForColumn(body) {
    if (!body?.column || !(companySettingColumns as readonly string[]).includes(body.column)) return true;
    try {
      await settingValueSchema(body.column).validate(body.data === undefined ? undefined : body.data);
      return true;
    } catch (error) {
      if (error instanceof yup.ValidationError) return this.createError({ path: 'data', message: error.message });
      throw error;
    }
  });
export type CompanySettingUpdate = { column: CompanySettingColumn; data: string | null };
