import type { Contact, ContactInput } from './contacts.api';
// Scaffold (owned by contacts): create or edit a contact.
export function ContactModal(props: {
  open: boolean;
  onClose: () => void;
  contactId?: number;
  initialValues?: Partial<ContactInput>;
  onSaved?: (contact: Contact) => void;
}) {
  return props.open ? <div data-contact-id={props.contactId} /> : null;
}
