import { beforeAll, describe, expect, it } from '@jest/globals';
import { api } from '../../../testing/test-server.js';
import { eventually } from '../../../testing/eventually.js';
import { addOption, addQueue, clearQueues, holdTicket } from './menu-fixtures.js';
import { acceptTicket, resolveTicket, scenarioOfThisFile, type Visitor } from './routing-scenario.js';

/**
 * Every automatic message reaches the customer in the company's language (customerLanguage, set by its admin), with
 * the placeholders of the company's own texts filled ({{ms}}, {{date}} and {{hour}} as that language writes them).
 */
const scenario = scenarioOfThisFile();

// Thursday 5 March 2026 in São Paulo (UTC-3): 11:30 in the morning, and 20:00 after office hours.
const MORNING = new Date('2026-03-05T14:30:00Z');
const EVENING = new Date('2026-03-05T23:00:00Z');
const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const officeHours = JSON.stringify(
  days.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTimeA: '08:00', endTimeA: '18:00', startTimeB: '', endTimeB: '' })),
);

/** What the customer reads, in each language (the company's own words stay as it wrote them). */
const texts = {
  'pt-BR': {
    lgpd: 'Privacidade para Carla\n\nDigite *1* para aceitar ou *2* para recusar',
    greeting: 'Bom dia, Carla! 05/03/2026 11:30',
    invalidOption: 'Opção inválida, por favor escolha uma opção válida.',
    backToStart: '*[ # ]* - Voltar Menu Inicial',
    position: '*Mensagem Automática*:\nVocê está na posição *1* da fila de atendimento. Aguarde, já vamos te atender!',
    accepted: 'Olá *Carla Souza*, meu nome é *Ana* e agora vou prosseguir com seu atendimento!',
    transferred: '*Mensagem Automática*:\nVocê foi transferido para o departamento *Suporte*\naguarde, já vamos te atender!',
    rating:
      'Ana pede: avalie\n\nDigite uma nota de *1* a *5* para avaliar nosso atendimento (1 = péssimo, 5 = excelente).\n*1* 😡   *2* 😞   *3* 😐   *4* 😊   *5* 😍',
    thanks: 'Obrigado pela sua avaliação!',
    refused: '*Mensagem Automática*:\nVocê não aceitou nossa política de privacidade. Atendimento encerrado.',
    farewell: 'Tchau Bruno Lima, 05/03/2026',
    outOfHours: 'Boa noite, Dora. Fechado.',
  },
  en: {
    lgpd: 'Privacidade para Carla\n\nType *1* to accept or *2* to decline',
    greeting: 'Good morning, Carla! 03/05/2026 11:30 AM',
    invalidOption: 'Invalid option, please choose a valid option.',
    backToStart: '*[ # ]* - Back to the main menu',
    position: '*Automatic message*:\nYou are number *1* in the queue. Please hold on, we will be with you shortly!',
    accepted: 'Hello *Carla Souza*, my name is *Ana* and I will take care of you from now on!',
    transferred:
      '*Automatic message*:\nYou have been transferred to the *Suporte* department\nplease hold on, we will be with you shortly!',
    rating:
      'Ana pede: avalie\n\nType a score from *1* to *5* to rate our service (1 = very poor, 5 = excellent).\n*1* 😡   *2* 😞   *3* 😐   *4* 😊   *5* 😍',
    thanks: 'Thank you for your rating!',
    refused: '*Automatic message*:\nYou did not accept our privacy policy. This conversation is closed.',
    farewell: 'Tchau Bruno Lima, 03/05/2026',
    outOfHours: 'Good evening, Dora. Fechado.',
  },
};

/** Waits for `count` more messages to the visitor than it had seen, and answers them. */
async function nextReplies(visitor: Visitor, seen: { count: number }, count = 1): Promise<string[]> {
  const replies = await eventually(async () => {
    const all = await visitor.replies();
    return all.length >= seen.count + count ? all : undefined;
  }, `${count} more message(s) to the visitor`);
  const fresh = replies.slice(seen.count);
  seen.count = replies.length;
  return fresh;
}

beforeAll(async () => {
  const knex = scenario().server.ports.database.knex;
  await knex('users').where('id', scenario().company.admin.id).update({ name: 'Ana' });
});

it('a company is written to in pt-BR until its admin chooses one of the languages the product has', async () => {
  const s = scenario();
  const read = async () =>
    (await api(s.server, 'GET', '/companySettingOne?column=customerLanguage', { token: s.company.admin.token })).body;
  expect(await read()).toEqual({ column: 'customerLanguage', value: 'pt-BR' });
  const refused = await api(s.server, 'PUT', '/companySettings', {
    token: s.company.admin.token,
    body: { column: 'customerLanguage', data: 'de' },
  });
  expect(refused.status).toBe(400);
  expect(await read()).toEqual({ column: 'customerLanguage', value: 'pt-BR' });
});

describe.each(['pt-BR', 'en'] as const)('a company writing to its customers in %s', (language) => {
  const expected = texts[language];
  let sales: number;
  let support: number;

  beforeAll(async () => {
    const s = scenario();
    const chosen = await api(s.server, 'PUT', '/companySettings', {
      token: s.company.admin.token,
      body: { column: 'customerLanguage', data: language },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.customerLanguage).toBe(language);
    await clearQueues(s);
    await s.companySettings({
      enable_lgpd: 'enabled',
      lgpd_consent: 'enabled',
      lgpd_message: 'Privacidade para {{firstName}}',
      user_random: 'disabled',
      send_queue_position: 'enabled',
      send_greeting_accepted: 'enabled',
      send_msg_transf_ticket: 'enabled',
      user_rating: 'enabled',
      schedule_type: 'disabled',
    });
    await s.connectionColumns({
      greeting_message: '{{ms}}, {{firstName}}! {{date}} {{hour}}',
      rating_message: '{{userName}} pede: avalie',
      complation_message: '',
      inactive_message: '{{firstName}}, ainda aí? #{{ticket_id}} {{queue}}',
      time_inactive_message: 1,
      out_of_hours_message: '{{ms}}, {{firstName}}. Fechado.',
      schedules: officeHours,
    });
    sales = await addQueue(s, 'Vendas', { order_queue: 1, greeting_message: '{{queue}}, {{firstName}}?' });
    support = await addQueue(s, 'Suporte', { order_queue: 2 });
    await addOption(s, { queueId: sales }, 'Orçamento', { queue_type: 'text', greeting_message: 'Protocolo {{protocol}}' });
    await addOption(s, { queueId: sales }, 'Pedidos', { queue_type: 'text', greeting_message: 'Pedidos' });
  });

  it('LGPD, greeting, queue menu, invalid option, chatbot, position, accept, transfer, inactivity, rating and thanks', async () => {
    const s = scenario();
    s.clock.set(MORNING);
    const carla = await s.visitor('Carla Souza');
    const seen = { count: 0 };
    await carla.say('oi');
    expect(await nextReplies(carla, seen)).toEqual([expected.lgpd]);

    await carla.say('1');
    const menu = '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
    expect(await nextReplies(carla, seen)).toEqual([`${expected.greeting}\n\n${menu}`]);
    await carla.say('9');
    expect(await nextReplies(carla, seen)).toEqual([`${expected.invalidOption}\n\n${menu}`]);
    await carla.say('1');
    expect(await nextReplies(carla, seen)).toEqual([`Vendas, Carla?\n\n*[ 1 ]* - Orçamento\n*[ 2 ]* - Pedidos\n${expected.backToStart}`]);
    const ticket = await carla.ticket();
    await carla.say('1');
    expect(await nextReplies(carla, seen, 2)).toEqual([`Protocolo ${ticket.protocol || ticket.id}`, expected.position]);

    await acceptTicket(s, ticket.id);
    expect(await nextReplies(carla, seen)).toEqual([expected.accepted]);
    const transfer = await api(s.server, 'PUT', `/tickets/${ticket.id}`, {
      token: s.company.admin.token,
      body: { status: 'pending', userId: null, queueId: support },
    });
    expect(transfer.status).toBe(200);
    expect(await nextReplies(carla, seen)).toEqual([expected.transferred]);

    s.clock.advance(2 * 60_000);
    await s.sweep();
    expect(await nextReplies(carla, seen)).toEqual([`Carla, ainda aí? #${ticket.id} Suporte`]);

    await acceptTicket(s, ticket.id);
    expect(await nextReplies(carla, seen)).toEqual([expected.accepted]);
    await resolveTicket(s, ticket.id);
    expect(await nextReplies(carla, seen)).toEqual([expected.rating]);
    await carla.say('5');
    expect(await nextReplies(carla, seen)).toEqual([expected.thanks]);
  });

  it('LGPD refused', async () => {
    const s = scenario();
    const lia = await s.visitor('Lia');
    const seen = { count: 0 };
    await lia.say('oi');
    await nextReplies(lia, seen);
    await lia.say('2');
    expect(await nextReplies(lia, seen)).toEqual([expected.refused]);
  });

  it('farewell on resolve, and the out-of-hours message', async () => {
    const s = scenario();
    await s.companySettings({ enable_lgpd: 'disabled', user_rating: 'disabled' });
    await s.connectionColumns({ complation_message: 'Tchau {{name}}, {{date}}' });
    s.clock.set(MORNING);
    const bruno = await s.visitor('Bruno Lima');
    const brunoSeen = { count: 0 };
    await bruno.say('oi');
    await nextReplies(bruno, brunoSeen);
    const ticket = await bruno.ticket();
    await holdTicket(s, ticket.id, s.company.admin.id);
    await resolveTicket(s, ticket.id);
    expect(await nextReplies(bruno, brunoSeen)).toEqual([expected.farewell]);

    await s.companySettings({ schedule_type: 'connection' });
    s.clock.set(EVENING);
    const dora = await s.visitor('Dora');
    await dora.say('boa noite');
    expect(await nextReplies(dora, { count: 0 })).toEqual([expected.outOfHours]);
  });
});

it("an agent's text with placeholders (a quick reply) reaches the customer filled, and so does its edit", async () => {
  const s = scenario();
  await s.companySettings({ enable_lgpd: 'disabled', send_sign_message: 'disabled', customer_language: 'es' });
  s.clock.set(MORNING);
  const eva = await s.visitor('Eva Ruiz');
  await eva.say('hola');
  const ticket = await eva.ticket();
  await holdTicket(s, ticket.id, s.company.admin.id);
  const sent = await api(s.server, 'POST', `/messages/${ticket.id}`, {
    token: s.company.admin.token,
    body: { body: '{{ms}}, {{firstName}}! Soy {{userName}}, ticket {{ticket_id}}.' },
  });
  expect(sent.status).toBe(201);
  expect(await eva.waitForReply('Soy')).toBe(`Buenos días, Eva! Soy Ana, ticket ${ticket.id}.`);
  const [message] = sent.body.messages as { id: number }[];
  const edited = await api(s.server, 'POST', `/messages/edit/${message!.id}`, {
    token: s.company.admin.token,
    body: { body: '{{name}}, {{date}} {{hour}}' },
  });
  expect(edited.status).toBe(200);
  expect(await eva.waitForReply('Eva Ruiz,')).toBe('Eva Ruiz, 05/03/2026 11:30');
});
