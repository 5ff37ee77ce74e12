import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import type { TagModel } from '../tags/index.js';
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

// One masking for answers and events (lgpdHideNumber): the API router applies it to every answer of a masked viewer.
export { maskedNumber, seesNumbersMasked, withMaskedContactNumbers } from '../../platform/http/contact-number-masking.js';
