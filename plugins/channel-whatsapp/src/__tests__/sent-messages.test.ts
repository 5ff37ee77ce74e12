import { describe, expect, it } from '@jest/globals';
import { MemoryPluginStore } from '@switchboard/sdk/testing';
import { proto } from '@whiskeysockets/baileys';
import { SENT_KEPT_MAX, SENT_KEPT_MS, SentMessages } from '../sent-messages.js';

const message = (text: string): proto.IMessage => ({ extendedTextMessage: { text } });

describe('SentMessages (the getMessage cache of what a connection sent)', () => {
  it('gives back what was kept, in the current and the older format', async () => {
    const store = new MemoryPluginStore();
    const sent = new SentMessages(store);
    await sent.keep('OUT1', message('hello'));
    await store.set('sent:LEGACY', Buffer.from(proto.Message.encode(message('before')).finish()).toString('base64'));
    expect((await sent.find('OUT1'))?.extendedTextMessage?.text).toBe('hello');
    expect((await sent.find('LEGACY'))?.extendedTextMessage?.text).toBe('before');
    expect(await sent.find('NEVER')).toBeUndefined();
  });

  it('prunes what is older than the kept time, and entries without a time, but nothing else in the store', async () => {
    const store = new MemoryPluginStore();
    let now = 1_800_000_000_000;
    const sent = new SentMessages(store, () => now);
    await sent.keep('OLD', message('old'));
    now += SENT_KEPT_MS - 1000;
    await sent.keep('RECENT', message('recent'));
    await store.set('sent:LEGACY', 'AAAA');
    await store.set('creds', '{}');
    now += 2000;
    await sent.prune();
    expect((await store.list()).map(([key]) => key)).toEqual(['creds', 'sent:RECENT']);
  });

  it('keeps at most the newest SENT_KEPT_MAX, pruning as it sends', async () => {
    const store = new MemoryPluginStore();
    let now = 1_800_000_000_000;
    const sent = new SentMessages(store, () => now);
    for (let index = 0; index < SENT_KEPT_MAX + 100; index += 1) {
      now += 1;
      await sent.keep(`OUT${index}`, message('x'));
    }
    // The hundredth send past the cap pruned without any explicit call.
    expect(store.size).toBe(SENT_KEPT_MAX);
    expect(await sent.find('OUT99')).toBeUndefined();
    expect(await sent.find('OUT100')).toBeDefined();
    expect(await sent.find(`OUT${SENT_KEPT_MAX + 99}`)).toBeDefined();
  });
});
