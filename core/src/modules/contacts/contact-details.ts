import type { Knex } from 'knex';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import type { TagModel } from '../tags/tag.model.js';
import type { ContactCustomFieldModel } from './contact-custom-field.model.js';
import { ContactModel } from './contact.model.js';

export const CONTACT_NOT_FOUND = 'ERR_NO_CONTACT_FOUND';

/** Graph modifiers: what a contact answer shows of its tags and extra info. */
export const contactGraphModifiers = {
  tagSummary(query: ReturnType<typeof TagModel.query>) {
    query.select('tags.id', 'tags.name', 'tags.color', 'tags.kanban').orderByRaw('lower(tags.name), tags.id');
  },
  extraInfoSummary(query: ReturnType<typeof ContactCustomFieldModel.query>) {
    query
      .select('contact_custom_fields.id', 'contact_custom_fields.name', 'contact_custom_fields.value')
      .orderBy('contact_custom_fields.id');
  },
};

/** A contact of the scope's company with its tags and extraInfo (GET /contacts/:id and every change); 404 otherwise. */
export async function findContactDetails(scope: TenantScope, contactId: number): Promise<ContactModel> {
  const contact = await scope
    .query<ContactModel>(ContactModel)
    .findById(contactId)
    .withGraphFetched('[tags(tagSummary), extraInfo(extraInfoSummary)]')
    .modifiers(contactGraphModifiers);
  if (!contact) throw AppError.notFound(CONTACT_NOT_FOUND);
  return contact;
}

/** A number partly hidden: the first and last four characters stay (5511*****4321), fewer for a short one. */
export function maskedNumber(number: string): string {
  const kept = number.length > 8 ? 4 : Math.floor(number.length / 4);
  return `${number.slice(0, kept)}${'*'.repeat(number.length - 2 * kept)}${number.slice(number.length - kept)}`;
}

/** A realtime payload as the masked viewers get it: every `contact` in it with its number masked. */
export function withMaskedContactNumbers(payload: unknown): unknown {
  return JSON.parse(JSON.stringify(payload), (key, value: unknown) => {
    if (key !== 'contact' || !value || typeof value !== 'object') return value;
    const contact = value as { number?: unknown };
    return typeof contact.number === 'string' ? { ...contact, number: maskedNumber(contact.number) } : value;
  });
}

/** Whether a user sees contact numbers masked: lgpdHideNumber is on and the user is a profile 'user'. */
export async function seesNumbersMasked(knex: Knex, viewer: { companyId: number; profile: string }): Promise<boolean> {
  if (viewer.profile !== 'user') return false;
  const setting = await knex('company_settings').where('company_id', viewer.companyId).first('lgpd_hide_number');
  return setting?.lgpd_hide_number === 'enabled';
}

/**
 * How contact numbers are shown to a caller: lgpdHideNumber (company setting) masks them for profile 'user'
 * (spec 1 §5 phone display); admins and supervisors see them whole.
 */
export async function numberShownTo(knex: Knex, viewer: { companyId: number; profile: string }): Promise<(number: string) => string> {
  return (await seesNumbersMasked(knex, viewer)) ? maskedNumber : (number) => number;
}
