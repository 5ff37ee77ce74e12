import { describe, expect, it } from '@jest/globals';
import { MemoryPluginStore } from '@switchboard/sdk/testing';
import { BufferJSON, initAuthCreds, proto } from '@whiskeysockets/baileys';
import { useStoreAuthState } from '../store-auth-state.js';

describe('useStoreAuthState', () => {
  it('starts with fresh creds and reads saved creds back equal', async () => {
    const store = new MemoryPluginStore();
    const first = await useStoreAuthState(store);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: '5511988887777:1@s.whatsapp.net', name: 'Switchboard' };
    await first.saveCreds();
    expect(store.size).toBe(1);

    const second = await useStoreAuthState(store);
    expect(second.state.creds).toEqual(first.state.creds);
    expect(Buffer.isBuffer(second.state.creds.noiseKey.private)).toBe(true);
    expect(JSON.parse((await store.get('creds'))!, BufferJSON.reviver)).toEqual(first.state.creds);
  });

  it('keeps each signal key in its own row, reads keys back equal and deletes on null', async () => {
    const store = new MemoryPluginStore();
    const { state } = await useStoreAuthState(store);
    const preKey = initAuthCreds().signedIdentityKey;
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('secret'), timestamp: 5 });
    await state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      session: { 'alice.0': Buffer.from([1, 2, 3]) },
      'app-state-sync-key': { AAAA: syncKey },
    });
    expect((await store.list('key:')).map(([key]) => key)).toEqual([
      'key:app-state-sync-key:AAAA',
      'key:pre-key:1',
      'key:pre-key:2',
      'key:session:alice.0',
    ]);

    const reread = await useStoreAuthState(store);
    const preKeys = await reread.state.keys.get('pre-key', ['1', '3']);
    expect(preKeys).toEqual({ '1': preKey });
    expect((await reread.state.keys.get('session', ['alice.0']))['alice.0']).toEqual(Buffer.from([1, 2, 3]));
    const sync = (await reread.state.keys.get('app-state-sync-key', ['AAAA'])).AAAA!;
    expect(sync).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.keyData!).toString()).toBe('secret');

    await reread.state.keys.set({ 'pre-key': { '1': null } });
    expect(await reread.state.keys.get('pre-key', ['1', '2'])).toEqual({ '2': preKey });
  });

  it('applies concurrent writes in call order', async () => {
    const store = new MemoryPluginStore();
    const { state } = await useStoreAuthState(store);
    const writes = [1, 2, 3, 4, 5].map((n) => state.keys.set({ session: { s: Buffer.from([n]) } }));
    const removal = state.keys.set({ session: { s: null } });
    const last = state.keys.set({ session: { s: Buffer.from([9]) } });
    await Promise.all([...writes, removal, last]);
    expect((await state.keys.get('session', ['s'])).s).toEqual(Buffer.from([9]));
  });

  it('clear() removes every row', async () => {
    const store = new MemoryPluginStore();
    const auth = await useStoreAuthState(store);
    await auth.saveCreds();
    await auth.state.keys.set({ session: { s: Buffer.from([1]) } });
    await auth.clear();
    expect(store.size).toBe(0);
  });
});
