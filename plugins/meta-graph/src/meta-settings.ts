import type { ConnectionInfo } from '@switchboard/sdk';

/** The settings of a facebook or instagram connection, already decrypted by core. */
export interface MetaSettings {
  pageId: string;
  pageAccessToken: string;
  appSecret: string;
  verifyToken: string;
  instagramAccountId?: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

export function metaSettings(connection: ConnectionInfo): MetaSettings {
  const s = connection.settings ?? {};
  const instagramAccountId = text(s.instagramAccountId);
  return {
    pageId: text(s.pageId),
    pageAccessToken: text(s.pageAccessToken),
    appSecret: text(s.appSecret),
    verifyToken: text(s.verifyToken),
    ...(instagramAccountId ? { instagramAccountId } : {}),
  };
}
