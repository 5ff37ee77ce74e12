import type { PluginStore } from '@switchboard/sdk';
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';

export const CREDS_KEY = 'creds';
const keyName = (type: string, id: string): string => `key:${type}:${id}`;

export interface StoreAuthState {
  state: AuthenticationState;
  /** Writes the current creds (call on 'creds.update'). */
  saveCreds(): Promise<void>;
  /** Removes every row (after a logout). */
  clear(): Promise<void>;
}

const encode = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

/**
 * Baileys' auth state kept in the connection's PluginStore: creds under 'creds', each signal key under
 * 'key:<type>:<id>', serialized with BufferJSON. Writes go one after another, in call order.
 */
export async function useStoreAuthState(store: PluginStore): Promise<StoreAuthState> {
  const saved = await store.get(CREDS_KEY);
  const creds: AuthenticationCreds = saved ? decode<AuthenticationCreds>(saved) : initAuthCreds();

  let queue: Promise<unknown> = Promise.resolve();
  const serially = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        await queue;
        const result: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          const text = await store.get(keyName(type, id));
          if (text === undefined) continue;
          let value = decode<SignalDataTypeMap[T]>(text);
          if (type === 'app-state-sync-key') {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
          }
          result[id] = value;
        }
        return result;
      },
      set: (data: SignalDataSet) =>
        serially(async () => {
          for (const [type, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) {
              if (value === null || value === undefined) await store.delete(keyName(type, id));
              else await store.set(keyName(type, id), encode(value));
            }
          }
        }),
      clear: () => serially(() => store.clear()),
    },
  };

  return {
    state,
    saveCreds: () => serially(() => store.set(CREDS_KEY, encode(state.creds))),
    clear: () => serially(() => store.clear()),
  };
}
