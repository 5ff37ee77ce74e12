// The contacts module's public face: what other modules may use of it (DESIGN §8.13).
export { CONTACT_NOT_FOUND, findContactDetails } from './contact-details.js';
export { ContactModel } from './contact.model.js';
export { contactsModule } from './contacts.module.js';
export { readContactSheet, type ContactSheetRow } from './contact-sheet.js';
