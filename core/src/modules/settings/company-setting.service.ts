import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { SocketSessions } from '../realtime/index.js';
import { CompanySettings } from './company-settings.js';
import { CompanySettingModel, secretSettingColumns, type CompanySettingColumn } from './company-setting.model.js';
import { superOnlyCompanySettingColumns } from './settings.schema.js';

export const MASKED_SECRET = '********';

/**
 * The company's options (one row, one column each). Secrets (asaas) are stored encrypted with the key derived
 * from APP_SECRET and always answered masked.
 */
@injectable()
export class CompanySettingService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(SocketSessions) private readonly sockets: SocketSessions,
    @inject(Logger) private readonly logger: Logger,
    @inject(CompanySettings) private readonly settings: CompanySettings,
  ) {}

  /** The whole row: the super user reads any company's, an admin their own; another company is 404. */
  async read(options: { auth: AuthContext; companyId: number }): Promise<Record<string, unknown>> {
    if (!options.auth.super && options.auth.companyId !== options.companyId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
    return masked(await this.row(options.companyId));
  }

  async one(options: { companyId: number; column: CompanySettingColumn }): Promise<{ column: string; value: unknown }> {
    const row = masked(await this.row(options.companyId));
    return { column: options.column, value: row[options.column] ?? null };
  }

  /** Decrypted value of a secret column, for the services that use it (never answered to clients). */
  async secret(options: { companyId: number; column: CompanySettingColumn }): Promise<string | null> {
    const row = await this.row(options.companyId);
    const stored = row[options.column] as string | null | undefined;
    return stored ? this.secrets.decrypt(stored) : null;
  }

  async update(options: { auth: AuthContext; column: CompanySettingColumn; data: string | null }): Promise<Record<string, unknown>> {
    const { auth, column } = options;
    if (superOnlyCompanySettingColumns.includes(column) && !auth.super) throw AppError.forbidden();
    let value = options.data;
    if (secretSettingColumns.includes(column)) value = value ? this.secrets.encrypt(value) : null;
    await this.row(auth.companyId);
    const scope = this.tenancy.of(auth.companyId);
    await scope.query<CompanySettingModel>(CompanySettingModel).patch({ [column]: value } as Partial<CompanySettingModel>);
    await this.settings.changed(auth.companyId);
    if (column === 'lgpdHideNumber') {
      await this.sockets
        .refreshMasking(auth.companyId)
        .catch((error) => this.logger.warn({ err: error }, 'could not refresh number masking'));
    }
    return masked(await this.row(auth.companyId));
  }

  /** The company's row, created with the defaults when missing (companies created before this module). */
  private async row(companyId: number): Promise<Record<string, unknown>> {
    const scope = this.tenancy.of(companyId);
    let row = await scope.query<CompanySettingModel>(CompanySettingModel).first();
    if (!row) {
      if (!(await scope.company().first('id'))) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
      await scope.insertInto('company_settings', {}).onConflict('company_id').ignore();
      row = await scope.query<CompanySettingModel>(CompanySettingModel).first();
      if (!row) throw AppError.notFound('ERR_NO_SETTING_FOUND');
    }
    return row.toJSON() as Record<string, unknown>;
  }
}

function masked(row: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...row };
  for (const column of secretSettingColumns) if (copy[column]) copy[column] = MASKED_SECRET;
  return copy;
}
