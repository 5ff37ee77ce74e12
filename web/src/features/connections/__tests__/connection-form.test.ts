import { describe, expect, it } from '@jest/globals';
import type { ServiceHoursEntry } from '../../../components/service-hours/ServiceHoursForm';
import { calendarDay, connectionBody, connectionFormSchema, connectionFormValues, importWindow } from '../connection-form';
import { importState, sessionOffers } from '../connection-status';
import type { ChannelSettingField, Connection } from '../connections.api';

const messages = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  importTooOld: 'too old',
  importInFuture: 'future',
  importBeforeStart: 'before start',
};
const NOW = new Date(2026, 10, 21, 15, 30);
const week: ServiceHoursEntry[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
];
const webchatFields: ChannelSettingField[] = [
  { key: 'title', type: 'string', label: 'channels.webchat.settings.title', default: 'Fale conosco' },
  { key: 'secret', type: 'string', label: 'x', secret: true },
  { key: 'sound', type: 'boolean', label: 'y' },
];

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  const schema = connectionFormSchema(messages, () => NOW);
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    // The first message of each field, as formik shows it.
    const errors: Record<string, string> = {};
    for (const item of inner) errors[item.path] ??= item.message;
    return errors;
  }
}

describe('the connection dialog form (spec 2 §5, §9)', () => {
  it('gives a new connection the spec defaults: bot queues 3 (normal and NPS), time-send-queue off, the default week', () => {
    const values = connectionFormValues(undefined, webchatFields, week);
    expect(values).toMatchObject({ name: '', maxUseBotQueues: 3, maxUseBotQueuesNPS: 3, timeSendQueue: 0, groupAsTicket: 'disabled' });
    expect(values.schedules).toBe(week);
    expect(values.settings).toEqual({ title: 'Fale conosco', secret: '', sound: false });
  });

  it('loads a connection: its queues as ids, its masked secret, its import start as a calendar day', () => {
    const connection = {
      id: 4,
      name: 'Loja',
      channel: 'whatsapp',
      status: 'CONNECTED',
      isDefault: true,
      queues: [{ id: 7, name: 'Vendas', color: '#fff' }],
      settings: { title: 'Oi', secret: '********' },
      importOldMessages: new Date(2026, 0, 2, 0, 0).toISOString(),
      maxUseBotQueuesNPS: 5,
      whenExpiresTicket: 1,
    } as Connection;
    const values = connectionFormValues(connection, webchatFields, week);
    expect(values).toMatchObject({ name: 'Loja', isDefault: true, queueIds: [7], importEnabled: true, importOldMessages: '2026-01-02' });
    expect(values).toMatchObject({ maxUseBotQueuesNPS: 5, whenExpiresTicket: 1, settings: { title: 'Oi', secret: '********' } });
  });

  it('refuses a name shorter than 2 or longer than 50 with the spec texts', async () => {
    expect(await errorsOf({ name: '' })).toMatchObject({ name: 'Required' });
    expect(await errorsOf({ name: 'a' })).toMatchObject({ name: 'Too Short!' });
    expect(await errorsOf({ name: 'x'.repeat(51) })).toMatchObject({ name: 'Too Long!' });
    expect(await errorsOf({ name: 'ok' })).toEqual({});
  });

  it('keeps the import within 2 years back and now, and its end after its start', async () => {
    const { min, max } = importWindow(NOW);
    expect([min, max]).toEqual(['2024-11-21', '2026-11-21']);
    const importing = (fields: Record<string, string>) => errorsOf({ name: 'Loja', importEnabled: true, ...fields });
    expect(await importing({ importOldMessages: '' })).toMatchObject({ importOldMessages: 'Required' });
    expect(await importing({ importOldMessages: '2024-11-20' })).toMatchObject({ importOldMessages: 'too old' });
    expect(await importing({ importOldMessages: '2026-11-22' })).toMatchObject({ importOldMessages: 'future' });
    expect(await importing({ importOldMessages: '2026-03-01', importRecentMessages: '2026-02-01' })).toMatchObject({
      importRecentMessages: 'before start',
    });
    expect(await importing({ importOldMessages: '2024-11-21', importRecentMessages: '2026-11-21' })).toEqual({});
    // The dates are not checked while the import is off.
    expect(await errorsOf({ name: 'Loja', importEnabled: false, importOldMessages: '2020-01-01' })).toEqual({});
  });

  it('builds the body: channel only when creating, empty choices as null, untouched counters left out, dates not in the future', () => {
    const values = {
      ...connectionFormValues(undefined, webchatFields, week),
      name: '  Loja  ',
      timeSendQueue: 25,
      timeUseBotQueues: '' as const,
      queueIds: [3, 5],
      importEnabled: true,
      importOldMessages: '2026-01-10',
      importRecentMessages: calendarDay(NOW),
    };
    const created = connectionBody(values, { channel: 'webchat', fields: webchatFields, now: NOW });
    expect(created).toMatchObject({
      channel: 'webchat',
      name: 'Loja',
      timeSendQueue: 25,
      queueIds: [3, 5],
      promptId: null,
      sendIdQueue: null,
    });
    expect(created.timeUseBotQueues).toBeUndefined();
    expect(created.settings).toEqual({ title: 'Fale conosco', secret: '', sound: false });
    expect(created.importOldMessages).toBe(new Date(2026, 0, 10).toISOString());
    expect(created.importRecentMessages).toBe(NOW.toISOString());
    expect(created.schedules).toBe(week);

    const edited = connectionBody({ ...values, importEnabled: false, importOldMessagesGroups: true }, { fields: [], now: NOW });
    expect(edited).not.toHaveProperty('channel');
    expect(edited).toMatchObject({ importOldMessages: null, importRecentMessages: null, importOldMessagesGroups: false, settings: {} });
  });
});

describe('the connection state in the table (spec 2 §4)', () => {
  it('offers per state: try again and new QR, a disabled connecting, the QR button, disconnect', () => {
    expect(sessionOffers('DISCONNECTED', true)).toEqual(['tryAgain', 'newQr']);
    expect(sessionOffers('DISCONNECTED', false)).toEqual(['tryAgain']);
    expect(sessionOffers('OPENING', true)).toEqual(['connecting']);
    expect(sessionOffers('qrcode', true)).toEqual(['showQr']);
    for (const status of ['CONNECTED', 'PAIRING', 'TIMEOUT']) expect(sessionOffers(status, true)).toEqual(['disconnect']);
  });

  it('shows the import: Preparing at -1 or for 35 s after a start stamp, then processed of total, then the close button', () => {
    const now = Date.now();
    expect(importState({ importProgress: { this: -1, all: 0 } }, now)).toEqual({ kind: 'preparing' });
    expect(importState({ importProgress: { this: 30, all: 120 } }, now)).toEqual({
      kind: 'progress',
      processed: 30,
      total: 120,
      percent: 25,
    });
    expect(importState({ importProgress: { this: 0, all: 0 } }, now)).toMatchObject({ percent: 0 });
    expect(importState({ statusImportMessages: String(now - 34_000) }, now)).toEqual({ kind: 'preparing' });
    expect(importState({ statusImportMessages: String(now - 36_000) }, now)).toEqual({ kind: 'none' });
    expect(importState({ statusImportMessages: 'renderButtonCloseTickets' }, now)).toEqual({ kind: 'closeTickets' });
    expect(importState({ statusImportMessages: null }, now)).toEqual({ kind: 'none' });
  });
});
