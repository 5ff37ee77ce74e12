import { describe, expect, it } from '@jest/globals';
import { userFormSchema, userFormValues, userInputFrom } from '../user-form';
import type { CompanyUser } from '../users.api';

const messages = { tooShort: 'short', tooLong: 'long', required: 'required', invalidEmail: 'Invalid email', invalidTime: 'time' };

async function errorsOf(editing: boolean, values: Record<string, unknown>): Promise<Record<string, string>> {
  const schema = userFormSchema(messages, editing);
  try {
    await schema.validate({ ...userFormValues(), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((entry) => [entry.path, entry.message]));
  }
}

describe('the user dialog form (spec 2 §3, §5)', () => {
  it('starts a new user working 00:00 to 23:59 as a plain user with every permission off', () => {
    const values = userFormValues();
    expect(values).toMatchObject({ startWork: '00:00', endWork: '23:59', profile: 'user', queueIds: [], whatsappId: '' });
    expect(userInputFrom({ ...values, name: ' Ana ', email: ' ana@example.com ', password: 'segredo' })).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'segredo',
      profile: 'user',
      queueIds: [],
      startWork: '00:00',
      endWork: '23:59',
      farewellMessage: '',
      allTicket: 'disable',
      allowGroup: false,
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'disabled',
      whatsappId: null,
    });
  });

  it('edits a stored user with its switches, queues and connection, keeping the password when left empty', () => {
    const stored = {
      id: 7,
      name: 'Bia',
      email: 'bia@example.com',
      profile: 'admin',
      queueIds: [3, 4],
      startWork: '08:00',
      endWork: '18:00',
      allTicket: 'enable',
      allowGroup: true,
      showDashboard: 'enabled',
      allowRealTime: 'disabled',
      allowConnections: 'enabled',
      whatsappId: 9,
    } as CompanyUser;
    const body = userInputFrom(userFormValues(stored));
    expect(body).not.toHaveProperty('password');
    const { id: _id, ...fields } = stored;
    expect(body).toEqual({ ...fields, farewellMessage: '' });
  });

  it('takes the queues from the list row when the answer has no queueIds', () => {
    const row = { id: 1, name: 'C', email: 'c@example.com', profile: 'user', queues: [{ id: 5, name: 'Suporte', color: '#000' }] };
    expect(userFormValues(row as CompanyUser).queueIds).toEqual([5]);
  });

  it('asks a new user for name 2..50, a valid e-mail and a password of 5..50', async () => {
    expect(await errorsOf(false, {})).toEqual({ name: 'required', email: 'required', password: 'required' });
    expect(await errorsOf(false, { name: 'A', email: 'nope', password: '1234' })).toEqual({
      name: 'short',
      email: 'Invalid email',
      password: 'short',
    });
    expect(await errorsOf(false, { name: 'x'.repeat(51), email: 'a@b.co', password: 'p'.repeat(51) })).toEqual({
      name: 'long',
      password: 'long',
    });
    expect(await errorsOf(false, { name: 'Ana', email: 'a@b.co', password: '12345' })).toEqual({});
  });

  it('lets an edit leave the password empty but not the working hours', async () => {
    expect(await errorsOf(true, { name: 'Ana', email: 'a@b.co' })).toEqual({});
    expect(await errorsOf(true, { name: 'Ana', email: 'a@b.co', startWork: '25:00', endWork: '' })).toEqual({
      startWork: 'time',
      endWork: 'required',
    });
  });
});
