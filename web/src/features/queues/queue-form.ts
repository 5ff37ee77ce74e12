import * as yup from 'yup';
import { defaultServiceHours, type ServiceHoursEntry } from '../../components/service-hours/service-hours';
import type { ChatbotOption, ChatbotOptionInput, ChatbotOptionType, Queue, QueueInput } from './queues.api';

/** Spec 2 §9: 49 fixed queue colours (seven rows of seven, dark to light within each family). */
export const QUEUE_PALETTE = [
  '#b71c1c', '#d32f2f', '#f44336', '#e57373', '#880e4f', '#c2185b', '#e91e63',
  '#f06292', '#4a148c', '#7b1fa2', '#9c27b0', '#ba68c8', '#311b92', '#512da8',
  '#673ab7', '#9575cd', '#1a237e', '#303f9f', '#3f51b5', '#7986cb', '#0d47a1',
  '#1976d2', '#2196f3', '#64b5f6', '#01579b', '#0288d1', '#03a9f4', '#4fc3f7',
  '#006064', '#0097a7', '#00bcd4', '#4dd0e1', '#004d40', '#00796b', '#009688',
  '#4db6ac', '#1b5e20', '#388e3c', '#4caf50', '#81c784', '#33691e', '#689f38',
  '#8bc34a', '#f57f17', '#fbc02d', '#ff6f00', '#ff9800', '#e65100', '#5d4037',
]; // prettier-ignore

/** Spec 2 §9 queue rotation times in minutes; 0 leaves the rotation time unset. */
export const ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60];

export const OPTION_TYPES: ChatbotOptionType[] = ['text', 'attendent', 'queue', 'integration', 'file'];

type TargetField = 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId';

/** The target an option of each type needs; 'text' only answers with its message. */
export const OPTION_TARGET: Record<ChatbotOptionType, TargetField | null> = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
};

/** An option pointing nowhere: what a 'text' option holds. */
export const NO_TARGETS = { optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null };

/** An option being edited: `key` tells apart options not saved yet (no id) inside the dialog. */
export interface ChatbotOptionDraft extends Omit<ChatbotOptionInput, 'options'> {
  key: string;
  options: ChatbotOptionDraft[];
}

/** The queue dialog's values; the selects hold '' for "none" and orderQueue is the text typed. */
export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | '';
  fileListId: number | '';
  promptId: number | '';
  closeTicket: boolean;
  schedules: ServiceHoursEntry[];
  chatbots: ChatbotOptionDraft[];
}

let draftCounter = 0;
function draftKey(): string {
  draftCounter += 1;
  return `draft-${draftCounter}`;
}

function toDraft(option: ChatbotOption): ChatbotOptionDraft {
  const { queueId: _queueId, chatbotId: _chatbotId, id, options, ...fields } = option;
  // The server may hold a null message; the editor works with text.
  return { ...fields, greetingMessage: fields.greetingMessage ?? '', id, key: `option-${id}`, options: (options ?? []).map(toDraft) };
}

/** A new, empty option of type text. */
export function newOptionDraft(): ChatbotOptionDraft {
  return {
    key: draftKey(),
    name: '',
    greetingMessage: '',
    queueType: 'text',
    ...NO_TARGETS,
    closeTicket: false,
    options: [],
  };
}

/** The first palette colour no other queue uses, so a new queue does not start on a taken colour. */
export function firstFreeColor(queues: Pick<Queue, 'color'>[]): string {
  const taken = new Set(queues.map((queue) => queue.color.toLowerCase()));
  return QUEUE_PALETTE.find((color) => !taken.has(color)) ?? QUEUE_PALETTE[0];
}

/** The dialog's starting values: the queue's own, or a new queue's defaults (spec 2 §9 hours). */
export function queueFormValues(queue: Queue | null | undefined, otherQueues: Pick<Queue, 'color'>[]): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? firstFreeColor(otherQueues),
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    orderQueue: queue?.orderQueue == null ? '' : String(queue.orderQueue),
    ativarRoteador: queue?.ativarRoteador ?? false,
    tempoRoteador: queue?.tempoRoteador ?? 0,
    integrationId: queue?.integrationId ?? '',
    fileListId: queue?.fileListId ?? '',
    promptId: queue?.promptId ?? '',
    closeTicket: queue?.closeTicket ?? false,
    schedules: queue?.schedules?.length ? queue.schedules : defaultServiceHours(),
    chatbots: (queue?.chatbots ?? []).map(toDraft),
  };
}

function toOptionInput(draft: ChatbotOptionDraft): ChatbotOptionInput {
  const { key: _key, options, ...fields } = draft;
  return { ...fields, name: fields.name.trim(), options: options.map(toOptionInput) };
}

/** The POST/PUT /queue body: "none" selects become null, the option tree goes whole in `chatbots`. */
export function queueInput(values: QueueFormValues): QueueInput {
  const orderQueue = values.orderQueue.trim() === '' ? null : Number(values.orderQueue);
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    orderQueue,
    ativarRoteador: values.ativarRoteador,
    tempoRoteador: values.ativarRoteador ? values.tempoRoteador : 0,
    integrationId: values.integrationId === '' ? null : values.integrationId,
    fileListId: values.fileListId === '' ? null : values.fileListId,
    promptId: values.promptId === '' ? null : values.promptId,
    closeTicket: values.closeTicket,
    schedules: values.schedules,
    chatbots: values.chatbots.map(toOptionInput),
  };
}

type Translate = (key: string) => string;

/** Spec 2 §5 queue rules: name 2..50 and required; colour 3..9 and required; order a whole number. */
export function queueSchema(t: Translate) {
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('queues.validation.required'))
      .min(2, t('queues.validation.tooShort'))
      .max(50, t('queues.validation.tooLong')),
    color: yup
      .string()
      .trim()
      .required(t('queues.validation.required'))
      .min(3, t('queues.validation.tooShort'))
      .max(9, t('queues.validation.tooLong')),
    orderQueue: yup.string().matches(/^\d*$/, t('queues.validation.wholeNumber')),
  });
}

export type OptionProblems = Partial<Record<'name' | 'target', string>>;

/**
 * Spec 2 §5 option rules: name required with at least 4 characters ("too short"); the type's target chosen.
 * `null` means a blank name: saving such an option does nothing at all.
 */
export function optionProblems(draft: ChatbotOptionDraft, t: Translate): OptionProblems | null {
  const name = draft.name.trim();
  if (name === '') return null;
  const problems: OptionProblems = {};
  if (name.length < 4) problems.name = t('queues.chatbot.validation.tooShort');
  const target = OPTION_TARGET[draft.queueType];
  if (target && draft[target] == null) problems.target = t('queues.chatbot.validation.required');
  return problems;
}

/** A type change keeps only the target the new type uses. */
export function withOptionType(draft: ChatbotOptionDraft, queueType: ChatbotOptionType): ChatbotOptionDraft {
  const keep = OPTION_TARGET[queueType];
  // An attendant may also name the queue it answers for (the option's own queue otherwise).
  const kept = keep ? { [keep]: draft[keep], ...(queueType === 'attendent' ? { optQueueId: draft.optQueueId } : {}) } : {};
  return { ...draft, ...NO_TARGETS, ...kept, queueType };
}

/** Spec 2 §5: the next level of an option needs the option's message first. */
export function canAddNextLevel(draft: Pick<ChatbotOptionDraft, 'greetingMessage'>): boolean {
  return draft.greetingMessage.trim() !== '';
}

/** Replaces the option at `key` anywhere in the tree (`undefined` removes it with its children). */
export function replaceOption(tree: ChatbotOptionDraft[], key: string, replacement: ChatbotOptionDraft | undefined): ChatbotOptionDraft[] {
  return tree.flatMap((option) => {
    if (option.key === key) return replacement ? [replacement] : [];
    return [{ ...option, options: replaceOption(option.options, key, replacement) }];
  });
}
