// The contact-lists module's public face: what other modules may use of it (DESIGN §8.13). Campaigns read the
// contact_lists and contact_list_items tables through the tenancy layer.
export { contactListsModule } from './contact-lists.module.js';
