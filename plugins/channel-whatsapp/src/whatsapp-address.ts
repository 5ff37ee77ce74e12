import { isJidGroup, isLidUser, jidDecode } from '@whiskeysockets/baileys';

/** Looks up the phone-number jid of a LID (Baileys' signalRepository.lidMapping). */
export type LidResolver = (lid: string) => Promise<string | null | undefined>;

export const isGroupJid = (jid: string | null | undefined): boolean => !!jid && !!isJidGroup(jid);

/** The jid a ContactRef address names: a group jid stays as is, phone digits become a user jid. */
export function addressToJid(address: string): string {
  if (address.includes('@')) return address;
  return `${address.replace(/\D/g, '')}@s.whatsapp.net`;
}

/** The address core knows a jid by: the group jid for groups, the phone digits (no device) for people. */
export function jidToAddress(jid: string): string {
  if (isGroupJid(jid)) return jid;
  return jidDecode(jid)?.user ?? jid.split('@')[0]!.split(':')[0]!;
}

/**
 * The phone-number jid of a person, given the jid a message names them by and its alternate (remoteJidAlt /
 * participantAlt): when the jid is a LID, the alternate or the LID mapping store gives the phone number.
 */
export async function personJid(jid: string, alternate: string | null | undefined, resolveLid?: LidResolver): Promise<string> {
  if (!isLidUser(jid)) return jid;
  if (alternate && !isLidUser(alternate)) return alternate;
  const mapped = await resolveLid?.(jid).catch(() => undefined);
  return mapped ?? jid;
}
