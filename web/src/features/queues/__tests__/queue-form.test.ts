import { describe, expect, it } from '@jest/globals';
import {
  canAddNextLevel,
  firstFreeColor,
  newOptionDraft,
  NO_TARGETS,
  optionProblems,
  QUEUE_PALETTE,
  queueFormValues,
  queueInput,
  replaceOption,
  ROTATION_MINUTES,
  withOptionType,
  type ChatbotOptionDraft,
} from '../queue-form';
import type { ChatbotOption, Queue } from '../queues.api';

const t = (key: string) => key;

function savedOption(id: number, name: string, options: ChatbotOption[] = []): ChatbotOption {
  return {
    id,
    name,
    queueId: 1,
    chatbotId: null,
    greetingMessage: `${name} message`,
    queueType: 'text',
    ...NO_TARGETS,
    closeTicket: false,
    options,
  };
}

const savedQueue: Queue = {
  id: 1,
  name: 'Vendas',
  color: '#d32f2f',
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  orderQueue: 2,
  ativarRoteador: true,
  tempoRoteador: 15,
  integrationId: null,
  fileListId: 4,
  promptId: null,
  closeTicket: false,
  schedules: [],
  chatbots: [savedOption(10, 'Orçamentos', [savedOption(11, 'Atacado')]), savedOption(12, 'Pedidos')],
  createdAt: '',
  updatedAt: '',
};

describe('queue colours and constants (spec 2 §9)', () => {
  it('offers 49 distinct colours, each a valid colour value of 3 to 9 characters', () => {
    expect(QUEUE_PALETTE).toHaveLength(49);
    expect(new Set(QUEUE_PALETTE).size).toBe(49);
    for (const color of QUEUE_PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('starts a new queue on the first colour no other queue uses', () => {
    expect(firstFreeColor([])).toBe(QUEUE_PALETTE[0]);
    expect(firstFreeColor([{ color: QUEUE_PALETTE[0].toUpperCase() }, { color: QUEUE_PALETTE[1] }])).toBe(QUEUE_PALETTE[2]);
  });

  it('offers the rotation times 2, 5, 10, 15, 30, 45 and 60 minutes besides unset', () => {
    expect(ROTATION_MINUTES).toEqual([0, 2, 5, 10, 15, 30, 45, 60]);
  });
});

describe('the queue dialog values', () => {
  it('gives a new queue the default service hours and no options', () => {
    const values = queueFormValues(null, []);
    expect(values.schedules).toHaveLength(7);
    expect(values.schedules[0]).toMatchObject({ startTimeA: '08:00', endTimeB: '18:00' });
    expect(values.chatbots).toEqual([]);
  });

  it('sends the edited queue with its whole option tree, ids kept, and "none" selects as null', () => {
    const values = queueFormValues(savedQueue, []);
    const added = { ...newOptionDraft(), name: 'Varejo', greetingMessage: 'Qual produto?' };
    const body = queueInput({
      ...values,
      name: '  Vendas SP ',
      orderQueue: '',
      fileListId: '',
      chatbots: replaceOption(values.chatbots, 'option-11', { ...values.chatbots[0].options[0], name: 'Atacado SP' }).map((option) =>
        option.id === 10 ? { ...option, options: [...option.options, added] } : option,
      ),
    });
    expect(body).toMatchObject({ name: 'Vendas SP', orderQueue: null, fileListId: null, tempoRoteador: 15 });
    expect(body.chatbots.map((option) => option.id)).toEqual([10, 12]);
    expect(body.chatbots[0].options.map((option) => [option.id, option.name])).toEqual([
      [11, 'Atacado SP'],
      [undefined, 'Varejo'],
    ]);
    expect(JSON.stringify(body)).not.toContain('"key"');
  });

  it('clears the rotation time when rotation is off', () => {
    const values = queueFormValues(savedQueue, []);
    expect(queueInput({ ...values, ativarRoteador: false }).tempoRoteador).toBe(0);
  });
});

describe('chatbot options (spec 2 §5)', () => {
  const draft = (fields: Partial<ChatbotOptionDraft>): ChatbotOptionDraft => ({ ...newOptionDraft(), ...fields });

  it('does nothing for a blank name and asks for at least 4 characters otherwise', () => {
    expect(optionProblems(draft({ name: '   ' }), t)).toBeNull();
    expect(optionProblems(draft({ name: 'abc' }), t)).toEqual({ name: 'queues.chatbot.validation.tooShort' });
    expect(optionProblems(draft({ name: 'Vendas' }), t)).toEqual({});
  });

  it('needs the target of the option type', () => {
    expect(optionProblems(draft({ name: 'Suporte', queueType: 'queue' }), t)).toEqual({ target: 'queues.chatbot.validation.required' });
    expect(optionProblems(draft({ name: 'Suporte', queueType: 'queue', optQueueId: 3 }), t)).toEqual({});
  });

  it('keeps only the target of the new type when the type changes', () => {
    const toFile = withOptionType(draft({ name: 'Catálogo', queueType: 'queue', optQueueId: 3 }), 'file');
    expect(toFile).toMatchObject({ queueType: 'file', optQueueId: null, optFileId: null });
    const attendant = withOptionType(draft({ queueType: 'attendent', optUserId: 5, optQueueId: 3 }), 'attendent');
    expect(attendant).toMatchObject({ optUserId: 5, optQueueId: 3 });
  });

  it('needs the option message before the next level', () => {
    expect(canAddNextLevel({ greetingMessage: '  ' })).toBe(false);
    expect(canAddNextLevel({ greetingMessage: 'Escolha:' })).toBe(true);
  });

  it('removes an option with its nested options', () => {
    const values = queueFormValues(savedQueue, []);
    expect(replaceOption(values.chatbots, 'option-10', undefined).map((option) => option.id)).toEqual([12]);
    expect(replaceOption(values.chatbots, 'option-11', undefined)[0].options).toEqual([]);
  });
});
