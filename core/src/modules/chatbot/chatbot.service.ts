import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { MenuOwners } from './menu-owners.js';
import { menusOf, optionsUnder, optionTree, queueOfOption, type OptionParent } from './chatbot-trees.js';
import { ChatbotModel, type ChatbotOption, type OptionType } from './chatbot.model.js';
import type { ChatbotOptionInput, CreateChatbotInput, UpdateChatbotInput } from './chatbot.schema.js';

export const CHATBOT_NOT_FOUND = 'ERR_NO_CHATBOT_FOUND';

type Target = 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId';
type Targets = Record<Target, number | null>;
type OptionFields = Pick<ChatbotOptionInput, 'name' | 'greetingMessage' | 'queueType' | 'closeTicket'> & Partial<Targets>;

/** Each target: the table it names and the message when it is not the company's. */
const targetRecords: Record<Target, { table: string; invalid: string }> = {
  optQueueId: { table: 'queues', invalid: 'Fila inválida' },
  optUserId: { table: 'users', invalid: 'Usuário inválido' },
  optIntegrationId: { table: 'queue_integrations', invalid: 'Integração inválida' },
  optFileId: { table: 'files', invalid: 'Arquivo inválido' },
};

/**
 * The targets each type of option uses: the first is required. An attendant option may also name the queue the
 * ticket goes to with that attendant (else the option's own queue). Targets of other types are not kept.
 */
const targetsOfType: Record<OptionType, Target[]> = {
  text: [],
  queue: ['optQueueId'],
  attendent: ['optUserId', 'optQueueId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
};

/** The targets an option keeps for its type, the others null. */
function targetsFor(option: OptionFields): Targets {
  const kept = targetsOfType[option.queueType];
  const targets = { optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null } as Targets;
  for (const target of kept) targets[target] = option[target] ?? null;
  return targets;
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** An option and its nested options, each with the path of its fields in the body (for ERR_VALIDATION fields). */
function withPaths(option: ChatbotOptionInput, path: string): { path: string; option: OptionFields }[] {
  return [{ path, option }, ...option.options.flatMap((child, index) => withPaths(child, at(path, `options[${index}]`)))];
}

/**
 * Chatbot menus of queues (spec 2 §3 "Chatbot option", §5): a tree of options per queue, edited option by option
 * (/chatbot) or replaced whole with the queue (`chatbots` of /queue). Every change announces the queue again.
 */
@injectable()
export class ChatbotService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MenuOwners) private readonly views: MenuOwners,
  ) {}

  /** A queue's menu for the routing step: top-level options by id, each with its nested options. */
  async tree(options: { companyId: number; queueId: number }): Promise<ChatbotOption[]> {
    return (await menusOf(this.tenancy.of(options.companyId), [options.queueId])).get(options.queueId) ?? [];
  }

  /** GET /chatbot/:id: the option with its nested options. */
  async show(options: { auth: AuthContext; optionId: number }): Promise<ChatbotOption> {
    const option = await optionTree(this.tenancy.of(options.auth.companyId), options.optionId);
    if (!option) throw AppError.notFound(CHATBOT_NOT_FOUND);
    return option;
  }

  /** POST /chatbot: an option under a queue or under another option, with nested options when sent. */
  async create(options: { auth: AuthContext; input: CreateChatbotInput }): Promise<ChatbotOption> {
    const { auth } = options;
    const { queueId, chatbotId, options: children, ...fields } = options.input;
    const option: ChatbotOptionInput = { ...fields, options: (children ?? []) as ChatbotOptionInput[] };
    const optionId = await this.tenancy.transaction(auth.companyId, async (trx) => {
      if (queueId !== undefined) await this.views.assertQueue(trx, queueId);
      else await trx.findOrFail<ChatbotModel>(ChatbotModel, chatbotId!, CHATBOT_NOT_FOUND);
      await this.assertTargets(trx, withPaths(option, ''));
      const [id] = await this.place(trx, [option], queueId !== undefined ? { queueId } : { chatbotId: chatbotId! }, new Set());
      return id!;
    });
    return this.changed(auth.companyId, optionId);
  }

  /** PUT /chatbot/:id: the option's own fields (its place stays); `options`, when sent, replaces what is under it. */
  async update(options: { auth: AuthContext; optionId: number; input: UpdateChatbotInput }): Promise<ChatbotOption> {
    const { auth, optionId, input } = options;
    await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await trx.findOrFail<ChatbotModel>(ChatbotModel, optionId, CHATBOT_NOT_FOUND);
      // The nested options are placed apart, never merged into this option's columns.
      const merged: OptionFields = { ...current, ...definedOnly({ ...input, options: undefined }) };
      await this.assertTargets(trx, [{ path: '', option: merged }]);
      await trx
        .query<ChatbotModel>(ChatbotModel)
        .patch(this.columns(merged, { queueId: current.queueId, chatbotId: current.chatbotId }))
        .where('chatbots.id', optionId);
      if (input.options) {
        await this.replaceTree({
          scope: trx,
          parent: { chatbotId: optionId },
          options: input.options as ChatbotOptionInput[],
          path: 'options',
        });
      }
    });
    return this.changed(auth.companyId, optionId);
  }

  /** DELETE /chatbot/:id: its nested options go with it; tickets on them keep no menu position. */
  async remove(options: { auth: AuthContext; optionId: number }): Promise<void> {
    const scope = this.tenancy.of(options.auth.companyId);
    const queueId = await queueOfOption(scope, options.optionId);
    const deleted = await deletedRows(scope.query<ChatbotModel>(ChatbotModel).delete().where('chatbots.id', options.optionId));
    if (deleted === 0) throw AppError.notFound(CHATBOT_NOT_FOUND);
    if (queueId !== undefined) await this.views.announceUpdate(scope.companyId, queueId);
  }

  /**
   * Within the caller's transaction, the options under `parent` become exactly `options`: an option sent with the id
   * of one already under it keeps that row (so tickets on it keep their place), the others are new, and those not
   * sent are deleted with what is under them. Targets are checked first; errors name their paths below `path`.
   */
  async replaceTree(options: { scope: TenantScope; parent: OptionParent; options: ChatbotOptionInput[]; path: string }): Promise<void> {
    const { scope } = options;
    await this.assertTargets(
      scope,
      options.options.flatMap((option, index) => withPaths(option, `${options.path}[${index}]`)),
    );
    const reusable = new Set((await optionsUnder(scope, options.parent)).map((row) => row.id));
    await this.place(scope, options.options, options.parent, reusable);
    if (reusable.size > 0)
      await scope
        .query<ChatbotModel>(ChatbotModel)
        .delete()
        .whereIn('chatbots.id', [...reusable]);
  }

  // --- helpers ---

  /** Writes options under a parent, depth first; an id found in `reusable` is updated in place and taken out of it. */
  private async place(scope: TenantScope, options: ChatbotOptionInput[], parent: OptionParent, reusable: Set<number>): Promise<number[]> {
    const ids: number[] = [];
    for (const option of options) {
      const columns = this.columns(option, { queueId: parent.queueId ?? null, chatbotId: parent.chatbotId ?? null });
      let id: number;
      if (option.id !== undefined && reusable.delete(option.id)) {
        await scope.query<ChatbotModel>(ChatbotModel).patch(columns).where('chatbots.id', option.id);
        id = option.id;
      } else {
        id = (await scope.insert<ChatbotModel>(ChatbotModel, columns)).id;
      }
      await this.place(scope, option.options, { chatbotId: id }, reusable);
      ids.push(id);
    }
    return ids;
  }

  private columns(option: OptionFields, place: { queueId: number | null; chatbotId: number | null }): Partial<ChatbotModel> {
    return {
      name: option.name,
      greetingMessage: option.greetingMessage ?? null,
      queueType: option.queueType,
      closeTicket: option.closeTicket,
      ...targetsFor(option),
      ...place,
    };
  }

  /** Each option's required target is set, and every target named is the company's (else 400 with the paths). */
  private async assertTargets(scope: TenantScope, options: { path: string; option: OptionFields }[]): Promise<void> {
    const fields: Record<string, string> = {};
    const named = new Map<Target, { path: string; id: number }[]>();
    for (const { path, option } of options) {
      const targets = targetsFor(option);
      const [required] = targetsOfType[option.queueType];
      if (required && targets[required] === null) fields[at(path, required)] = 'Required';
      for (const target of Object.keys(targets) as Target[]) {
        const id = targets[target];
        if (id !== null) named.set(target, [...(named.get(target) ?? []), { path, id }]);
      }
    }
    for (const [target, uses] of named) {
      const ids = [...new Set(uses.map((use) => use.id))];
      const rows = (await scope.table(targetRecords[target].table).whereIn('id', ids).select('id')) as { id: number }[];
      const found = new Set(rows.map((row) => row.id));
      for (const use of uses) if (!found.has(use.id)) fields[at(use.path, target)] = targetRecords[target].invalid;
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError('ERR_VALIDATION', 400, { message: Object.values(fields)[0], fields });
    }
  }

  /** After a change: the option as it now is, and its queue announced. */
  private async changed(companyId: number, optionId: number): Promise<ChatbotOption> {
    const scope = this.tenancy.of(companyId);
    const [option, queueId] = await Promise.all([optionTree(scope, optionId), queueOfOption(scope, optionId)]);
    if (queueId !== undefined) await this.views.announceUpdate(companyId, queueId);
    if (!option) throw AppError.notFound(CHATBOT_NOT_FOUND);
    return option;
  }
}
