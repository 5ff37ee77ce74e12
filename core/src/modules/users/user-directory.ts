import { inject, injectable } from '@switchboard/sdk';
import { SystemData } from '../../platform/system-data.js';

/**
 * The two installation-wide facts about users (a system path, DESIGN §4): the login e-mail is unique across all
 * companies, and a user id named by a token or by a super user is found before its company is known. Everything
 * else about users goes through the company's scope.
 */
@injectable()
export class UserDirectory {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /** The company of a user, or undefined when there is no such user. */
  async companyOf(userId: number): Promise<number | undefined> {
    const row = await this.system.knex('users').where('id', userId).first('company_id');
    return row ? (row.company_id as number) : undefined;
  }

  /** Whether some user of any company signs in with this e-mail (other than `exceptUserId`). */
  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    const query = this.system.knex('users').whereRaw('lower(email) = ?', [email.toLowerCase()]);
    if (exceptUserId) query.whereNot('id', exceptUserId);
    return Boolean(await query.first('id'));
  }
}
