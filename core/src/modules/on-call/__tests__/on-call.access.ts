import type { Knex } from 'knex';
import type { RouteAccessCase } from '../../../testing/route-access.js';

const week = (startTime: string, endTime: string) =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
    weekdayEn,
    startTime,
    endTime,
  }));

async function insertEntry(knex: Knex, companyId: number): Promise<{ id: number; userId: number }> {
  const [user] = await knex('users').where('company_id', companyId).orderBy('id').limit(1).select('id');
  const [row] = await knex('on_call_entries')
    .insert({ company_id: companyId, user_id: user.id, phone: '5511999990000', interval: 5, days: JSON.stringify(week('08:00', '12:00')) })
    .returning('id');
  return { id: row.id as number, userId: user.id as number };
}

const record =
  (withBody = false) =>
  async ({ knex, companyId }: { knex: Knex; companyId: number }) => {
    const entry = await insertEntry(knex, companyId);
    return {
      path: `/plantao/${entry.id}`,
      body: withBody ? { userId: entry.userId, phone: '5511999990001', interval: 10, days: week('09:00', '18:00') } : undefined,
    };
  };

export const routeAccessCases: RouteAccessCase[] = [
  { route: 'GET /plantao', note: "lists the caller's own company" },
  { route: 'GET /plantao/:id', record: record() },
  { route: 'POST /plantao', body: { phone: '5511999990000' }, note: "creates in the caller's own company" },
  { route: 'PUT /plantao/:id', record: record(true) },
  { route: 'DELETE /plantao/:id', record: record() },
];
