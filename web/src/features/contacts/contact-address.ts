import type { Contact } from './contacts.api';

/**
 * Whether the contact's number is a phone number (WhatsApp and other phone channels) rather than an id a channel gave
 * its visitor (the website chat's random id), which means nothing to an agent and cannot be dialled.
 */
export function hasPhoneNumber(contact: Pick<Contact, 'number'>): boolean {
  return /^\+?[\d\s().-]{6,}$/.test(contact.number ?? '');
}

/** How a contact is reached, as the list shows it: the number, else the visitor's e-mail, else null ("Visitante"). */
export function contactAddress(contact: Pick<Contact, 'number' | 'email'>): string | null {
  if (hasPhoneNumber(contact)) return contact.number;
  return contact.email || null;
}

/** Phone contacts start a WhatsApp conversation from the list; the icon says so. */
export function startsOnWhatsApp(contact: Pick<Contact, 'number' | 'channel'>): boolean {
  return hasPhoneNumber(contact) && (!contact.channel || contact.channel === 'whatsapp');
}
