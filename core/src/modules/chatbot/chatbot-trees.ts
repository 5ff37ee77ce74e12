import type { Knex } from 'knex';
import type { TenantScope } from '../../platform/database/model.js';
import { ChatbotModel, type ChatbotOption } from './chatbot.model.js';

// Reads of chatbot menus. Only top-level options carry their queue; nested ones reach it through their parents, so
// a menu is gathered with a recursive query from its roots down (and an option's queue from the option up).

/** Where options hang: directly under a queue, or under a parent option. */
export type OptionParent = { queueId: number; chatbotId?: undefined } | { chatbotId: number; queueId?: undefined };

/** Options under some roots (chosen by `roots` on the company's chatbots) and all their descendants, by id. */
async function rowsFrom(scope: TenantScope, roots: (query: Knex.QueryBuilder) => void): Promise<ChatbotModel[]> {
  const knex = scope.connection;
  const ids = knex
    .withRecursive('tree', (tree) => {
      tree.select('chatbots.id').from('chatbots').where('chatbots.company_id', scope.companyId);
      roots(tree);
      tree.unionAll((children) => children.select('c.id').from('chatbots as c').join('tree', 'tree.id', 'c.chatbot_id'));
    })
    .select('id')
    .from('tree');
  // objection's types take only its own builders as a subquery; knex's is what it runs either way.
  return await scope
    .query<ChatbotModel>(ChatbotModel)
    .whereIn('chatbots.id', ids as unknown as number[])
    .orderBy('chatbots.id');
}

/** Nests rows by their parent; answers the options `isRoot` picks, each with its nested options by id. */
function nest(rows: ChatbotModel[], isRoot: (row: ChatbotModel) => boolean): ChatbotOption[] {
  const options = new Map(rows.map((row) => [row.id, { ...row.toJSON(), options: [] } as unknown as ChatbotOption]));
  for (const row of rows) {
    if (row.chatbotId !== null) options.get(row.chatbotId)?.options.push(options.get(row.id)!);
  }
  return rows.filter(isRoot).map((row) => options.get(row.id)!);
}

/** The menus of some queues: each queue's top-level options (by id) with their nested options. */
export async function menusOf(scope: TenantScope, queueIds: number[]): Promise<Map<number, ChatbotOption[]>> {
  const menus = new Map<number, ChatbotOption[]>(queueIds.map((id) => [id, []]));
  if (queueIds.length === 0) return menus;
  const rows = await rowsFrom(scope, (roots) => roots.whereIn('chatbots.queue_id', queueIds));
  for (const option of nest(rows, (row) => row.queueId !== null)) menus.get(option.queueId!)?.push(option);
  return menus;
}

/** One option with its nested options, or undefined when the company has no such option. */
export async function optionTree(scope: TenantScope, optionId: number): Promise<ChatbotOption | undefined> {
  const rows = await rowsFrom(scope, (roots) => roots.where('chatbots.id', optionId));
  return nest(rows, (row) => row.id === optionId)[0];
}

/** Every option below a parent (not the parent option itself). */
export function optionsUnder(scope: TenantScope, parent: OptionParent): Promise<ChatbotModel[]> {
  return rowsFrom(scope, (roots) =>
    parent.queueId !== undefined ? roots.where('chatbots.queue_id', parent.queueId) : roots.where('chatbots.chatbot_id', parent.chatbotId),
  );
}

/** The queue whose menu holds an option, through its parents; undefined when the option is not the company's. */
export async function queueOfOption(scope: TenantScope, optionId: number): Promise<number | undefined> {
  const row = await scope.connection
    .withRecursive('up', (up) => {
      up.select('id', 'chatbot_id', 'queue_id').from('chatbots').where({ company_id: scope.companyId, id: optionId });
      up.unionAll((parents) =>
        parents.select('c.id', 'c.chatbot_id', 'c.queue_id').from('chatbots as c').join('up', 'c.id', 'up.chatbot_id'),
      );
    })
    .select('queue_id')
    .from('up')
    .whereNotNull('queue_id')
    .first();
  return (row?.queue_id as number | undefined) ?? undefined;
}
