import { inject, injectable } from '@switchboard/sdk';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { DEFAULT_TIME_ZONE } from '../../platform/clock.js';
import { SystemData } from '../../platform/system-data.js';
import { addMonths } from '../companies/index.js';
import { recurrenceMonths, type Recurrence } from '../plans/index.js';

/**
 * How far ahead of a company's due date its invoice is made: a week, so the admin sees it (and the top bar's
 * 5-day warning) in time to pay before the licence lapses.
 */
export const INVOICE_LEAD_DAYS = 7;
export const DUE_INVOICES_PAGE = 200;

/** A company whose period falls due within the lead time and has no invoice yet, with its plan's terms. */
interface DueCompany {
  id: number;
  dueDate: Date;
  recurrence: string;
  timezone: string | null;
  planName: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
}

/**
 * The invoice sweeper's cross-company step (a system path, DESIGN §4): every active company but company 1 whose due
 * date is at most INVOICE_LEAD_DAYS away (or already past) gets the invoice of the period starting at that due date.
 * The unique (company_id, due_date) index makes it once, however many nodes insert it at the same moment.
 */
@injectable()
export class DueInvoices {
  constructor(@inject(SystemData) private readonly system: SystemData) {}

  /** Makes the missing invoices due by `now` + the lead time; answers how many this call made. */
  async make(options: { now: Date }): Promise<number> {
    const until = new Date(options.now.getTime() + INVOICE_LEAD_DAYS * 86_400_000);
    let made = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.candidates({ until, afterId });
      for (const company of page) if (await this.insert(company)) made += 1;
      if (page.length < DUE_INVOICES_PAGE) return made;
      afterId = page[page.length - 1]!.id;
    }
  }

  private async candidates(options: { until: Date; afterId: number }): Promise<DueCompany[]> {
    const result = await this.system.knex.raw(
      `select c.id, c.due_date, c.recurrence, c.timezone, p.name as plan_name, p.users, p.connections, p.queues, p.amount
         from companies c
         join plans p on p.id = c.plan_id
        where c.id > ? and c.id <> ? and c.status and c.due_date is not null and c.due_date <= ?
          and not exists (select 1 from invoices i where i.company_id = c.id and i.due_date = c.due_date)
        order by c.id
        limit ?`,
      [options.afterId, SUPER_COMPANY_ID, options.until, DUE_INVOICES_PAGE],
    );
    return (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
      id: Number(row.id),
      dueDate: new Date(row.due_date as string),
      recurrence: String(row.recurrence),
      timezone: (row.timezone as string | null) ?? null,
      planName: String(row.plan_name),
      users: Number(row.users),
      connections: Number(row.connections),
      queues: Number(row.queues),
      amount: Number(row.amount),
    }));
  }

  /** The period's invoice, unless another sweeper (or node) made it first. */
  private async insert(company: DueCompany): Promise<boolean> {
    const months = recurrenceMonths[company.recurrence as Recurrence] ?? recurrenceMonths.MENSAL;
    const result = await this.system.knex.raw(
      `insert into invoices (company_id, detail, users, connections, queues, value, due_date, status)
       values (?, ?, ?, ?, ?, ?, ?, 'open')
       on conflict (company_id, due_date) do nothing
       returning id`,
      [
        company.id,
        periodDetail(company, months),
        company.users,
        company.connections,
        company.queues,
        // The plan's amount is monthly (spec 2 §3): a period of several months costs that many.
        Math.round(company.amount * months * 100) / 100,
        company.dueDate,
      ],
    );
    return (result as { rows: unknown[] }).rows.length > 0;
  }
}

/** "Plano Pro · 05/12/2026 a 05/01/2027": the plan and the period the invoice pays, in the company's timezone. */
function periodDetail(company: DueCompany, months: number): string {
  const day = (date: Date) => date.toLocaleDateString('pt-BR', { timeZone: company.timezone || DEFAULT_TIME_ZONE });
  return `${company.planName} · ${day(company.dueDate)} a ${day(addMonths(company.dueDate, months))}`;
}
