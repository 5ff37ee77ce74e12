import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { SystemData } from '../../platform/system-data.js';
import { Config } from '../../platform/tokens.js';

export interface SignupInput {
  name: string;
  companyName: string;
  email: string;
  password: string;
  /** Eleven national digits; stored with the country code 55. */
  phone: string;
  planId: number;
}

/**
 * Public sign-up: a new company on a public plan, with a trial due date and its first admin. A system path
 * (DESIGN §4): no company exists yet, and the company name and login e-mail are checked across all companies.
 */
@injectable()
export class SignupService {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Config) private readonly config: Config,
  ) {}

  async signup(input: SignupInput): Promise<{ companyId: number; userId: number; dueDate: Date }> {
    return this.system.knex.transaction(async (trx) => {
      const creation = await trx('settings').where({ company_id: SUPER_COMPANY_ID, key: 'userCreation' }).first('value');
      if (creation?.value === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403);
      const plan = await trx('plans').where({ id: input.planId, is_public: true }).first('id', 'recurrence');
      if (!plan) throw new AppError('ERR_VALIDATION', 400, { message: 'Plano inválido', fields: { planId: 'Plano inválido' } });
      if (await trx('users').whereRaw('lower(email) = ?', [input.email.toLowerCase()]).first('id')) {
        throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409, {
          message: 'Já existe um usuário com este e-mail',
          fields: { email: 'Já existe um usuário com este e-mail' },
        });
      }
      if (await trx('companies').whereRaw('lower(name) = ?', [input.companyName.toLowerCase()]).first('id')) {
        throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409, {
          message: 'Já existe uma empresa com este nome',
          fields: { companyName: 'Já existe uma empresa com este nome' },
        });
      }
      const dueDate = new Date(Date.now() + this.config.auth.trialDays * 86_400_000);
      const [company] = await trx('companies')
        .insert({
          name: input.companyName,
          email: input.email,
          phone: `55${input.phone}`,
          plan_id: plan.id,
          status: true,
          due_date: dueDate,
          recurrence: plan.recurrence ?? 'MENSAL',
        })
        .returning('id');
      await trx('company_settings').insert({ company_id: company.id });
      await trx('settings').insert({ company_id: company.id, key: 'userCreation', value: 'enabled' });
      const [user] = await trx('users')
        .insert({
          company_id: company.id,
          name: input.name,
          email: input.email,
          password_hash: await hashPassword(input.password),
          profile: 'admin',
          wpp: `55${input.phone}`,
        })
        .returning('id');
      return { companyId: company.id, userId: user.id, dueDate };
    });
  }
}
