import { describe, expect, it } from '@jest/globals';
import {
  addVariable,
  campaignInput,
  canCancel,
  canRestart,
  companyWallTime,
  connectionIds,
  connectionNames,
  formAccess,
  formValues,
  messagesOf,
  type Campaign,
} from '../campaign-rules';
import { campaignProgress } from '../campaign-progress';

const NOW = new Date(2026, 2, 10, 12, 0);
const campaign = (patch: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  name: 'Black Friday',
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: null,
  completedAt: null,
  contactListId: 3,
  tagListId: null,
  whatsappId: '4,7',
  mediaPath: null,
  mediaName: null,
  message1: 'Olá {nome}',
  ...patch,
});
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('campaign status rules (spec 3 §4)', () => {
  it('offers stop only while running and restart only once cancelled', () => {
    expect(canCancel({ status: 'EM_ANDAMENTO' })).toBe(true);
    expect(canCancel({ status: 'PROGRAMADA' })).toBe(false);
    expect(canRestart({ status: 'CANCELADA' })).toBe(true);
    expect(canRestart({ status: 'FINALIZADA' })).toBe(false);
  });

  it('edits a new or inactive campaign, or one scheduled more than an hour ahead', () => {
    expect(formAccess(null, NOW)).toEqual({ fields: true, messages: true, save: true });
    expect(formAccess(campaign(), NOW).fields).toBe(true);
    expect(formAccess(campaign({ status: 'PROGRAMADA', scheduledAt: inMinutes(61) }), NOW).fields).toBe(true);
    expect(formAccess(campaign({ status: 'PROGRAMADA', scheduledAt: inMinutes(59) }), NOW)).toEqual({
      fields: false,
      messages: false,
      save: false,
    });
  });

  it('leaves only the messages and save to a cancelled campaign, nothing to a running or finished one', () => {
    expect(formAccess(campaign({ status: 'CANCELADA' }), NOW)).toEqual({ fields: false, messages: true, save: true });
    expect(formAccess(campaign({ status: 'EM_ANDAMENTO' }), NOW)).toEqual({ fields: false, messages: false, save: false });
    expect(formAccess(campaign({ status: 'FINALIZADA' }), NOW).save).toBe(false);
  });
});

describe('campaign form body (spec 3 §5)', () => {
  it('reads the comma-joined connections and tag none', () => {
    expect(connectionIds('4, 7,,x')).toEqual([4, 7]);
    const values = formValues(campaign());
    expect(values).toMatchObject({ whatsappIds: [4, 7], contactListId: 3, tagListId: 'Nenhuma', scheduledAt: '', message2: '' });
  });

  it("writes a schedule as the company's wall time, whatever the browser's zone", () => {
    expect(companyWallTime(new Date('2026-03-11T12:30:00Z'), 'America/Sao_Paulo')).toBe('2026-03-11 09:30:00');
    expect(companyWallTime(new Date('2026-03-11T12:30:05Z'), 'UTC')).toBe('2026-03-11 12:30:05');
  });

  it("sends the schedule in the company's own zone, or São Paulo's for a company without one", () => {
    const values = { ...formValues(campaign()), scheduledAt: '2026-03-11T09:30' };
    const picked = new Date('2026-03-11T09:30');
    expect(campaignInput(values, 'America/Manaus').scheduledAt).toBe(companyWallTime(picked, 'America/Manaus'));
    expect(campaignInput(values).scheduledAt).toBe(companyWallTime(picked, 'America/Sao_Paulo'));
    // One hour apart all year (neither zone keeps summer time): the zone is not ignored.
    expect(campaignInput(values, 'America/Manaus').scheduledAt).not.toBe(campaignInput(values).scheduledAt);
  });

  it('sends empty texts as null, the connections comma-joined and the schedule as YYYY-MM-DD HH:mm:ss', () => {
    const body = campaignInput({ ...formValues(campaign()), scheduledAt: '2026-03-11T09:30', message2: '  ', tagListId: 5 });
    expect(body).toMatchObject({
      name: 'Black Friday',
      whatsappId: '4,7',
      contactListId: 3,
      tagListId: 5,
      scheduledAt: companyWallTime(new Date('2026-03-11T09:30'), 'America/Sao_Paulo'),
      message1: 'Olá {nome}',
      message2: null,
      confirmationMessage1: null,
    });
    expect(campaignInput({ ...formValues(null), name: 'x' })).toMatchObject({ contactListId: null, tagListId: null, scheduledAt: null });
  });
});

describe('a cancelled campaign (spec 3 §4)', () => {
  it('sends only its messages', () => {
    const sent = messagesOf(campaignInput(formValues(campaign({ status: 'CANCELADA' }))));
    expect(Object.keys(sent).sort()).toEqual([1, 2, 3, 4, 5].flatMap((slot) => [`message${slot}`, `confirmationMessage${slot}`]).sort());
    expect(sent.message1).toBe('Olá {nome}');
  });
});

describe('custom variables (spec 3 §5)', () => {
  it('adds a variable only when its key is new', () => {
    const list = [{ key: 'loja', value: 'Centro' }];
    expect(addVariable(list, { key: ' cupom ', value: 'BF10' })).toEqual([...list, { key: 'cupom', value: 'BF10' }]);
    expect(addVariable(list, { key: 'Loja', value: 'Outra' })).toBe(list);
    expect(addVariable(list, { key: ' ', value: 'x' })).toBe(list);
  });
});

describe('campaign report figures (spec 3 §2.6)', () => {
  it('reads the counts the server sends and how far the deliveries are', () => {
    const report = { validContacts: 3, confirmationRequested: 2, confirmationReceived: 1, delivered: 1, failed: 0 };
    expect(campaignProgress({ report })).toEqual({
      validContacts: 3,
      confirmationRequested: 2,
      confirmationReceived: 1,
      delivered: 1,
      percent: 33,
    });
    expect(campaignProgress({ report: { ...report, validContacts: 0 } }).percent).toBe(0);
    expect(campaignProgress(undefined).delivered).toBe(0);
  });

  it('names every connection of the campaign', () => {
    expect(
      connectionNames({
        whatsapps: [
          { id: 1, name: 'Loja' },
          { id: 2, name: 'Site' },
        ],
        whatsapp: { id: 1, name: 'Loja' },
      }),
    ).toBe('Loja, Site');
    expect(connectionNames({ whatsapp: null })).toBeNull();
  });
});
