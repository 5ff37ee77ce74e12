import { inject, injectable } from '@switchboard/sdk';
import { hashPassword, randomPassword } from '../../platform/auth/passwords.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { SystemData } from '../../platform/system-data.js';
import { Config } from '../../platform/tokens.js';

/** Company 1 never expires: its due date is the spec's far-future marker. */
export const SUPER_COMPANY_DUE_DATE = new Date('2999-12-31T23:59:59.000Z');
const FIRST_START_LOCK = 7_310_001;

/**
 * Creates what an empty database needs: a default plan with every flag on, company 1 (the super company),
 * its settings and the super admin. Each piece is created only when missing, so a second start changes nothing.
 */
@injectable()
export class FirstStart {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Config) private readonly config: Config,
  ) {}

  async run(options: { announce: (text: string) => void }): Promise<void> {
    let printedPassword: string | undefined;
    await this.system.knex.transaction(async (trx) => {
      // Two nodes starting together: the second waits and then finds everything in place.
      await trx.raw('select pg_advisory_xact_lock(?)', [FIRST_START_LOCK]);
      let plan = await trx('plans').orderBy('id').first('id');
      if (!plan) {
        [plan] = await trx('plans')
          .insert({ name: 'Plano Padrão', users: 10, connections: 10, queues: 10, amount: 0, is_public: true })
          .returning('id');
      }
      const company = await trx('companies').where('id', SUPER_COMPANY_ID).first('id');
      if (!company) {
        await trx('companies').insert({
          id: SUPER_COMPANY_ID,
          name: 'Switchboard',
          email: this.config.admin.email,
          plan_id: plan.id,
          status: true,
          due_date: SUPER_COMPANY_DUE_DATE,
          recurrence: 'MENSAL',
        });
        // The explicit id 1 does not move the sequence; later companies must start after it.
        await trx.raw(`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`);
      }
      await trx('company_settings').insert({ company_id: SUPER_COMPANY_ID }).onConflict('company_id').ignore();
      await trx('settings')
        .insert({ company_id: SUPER_COMPANY_ID, key: 'userCreation', value: 'enabled' })
        .onConflict(['company_id', 'key'])
        .ignore();
      const admin = await trx('users').where({ company_id: SUPER_COMPANY_ID, super: true }).first('id');
      if (!admin) {
        const password = this.config.admin.password ?? randomPassword();
        if (!this.config.admin.password) printedPassword = password;
        await trx('users').insert({
          company_id: SUPER_COMPANY_ID,
          name: 'Admin',
          email: this.config.admin.email,
          password_hash: await hashPassword(password),
          profile: 'admin',
          super: true,
        });
      }
    });
    if (printedPassword) {
      options.announce(
        [
          '',
          '  Super admin created (shown only this once):',
          `    e-mail:   ${this.config.admin.email}`,
          `    password: ${printedPassword}`,
          '',
        ].join('\n'),
      );
    }
  }
}
