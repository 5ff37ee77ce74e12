import { contactRules } from '@switchboard/sdk/contracts';
import * as yup from 'yup';

// Spec 3 §5 "Contact list item": name required, 2 to 50 ('Too Short!', 'Too Long!', 'Required'); number 8 to 50;
// a valid e-mail ('Invalid email'). The lengths are the contact form's (shared contracts), so the web applies them too.

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 20;
/** GET /contact-lists/list feeds a picker (the campaign form): by name, at most this many. */
export const CONTACT_LIST_PICKER_LIMIT = 500;

/** Upload bound of POST /contact-lists/:id/upload; a list of the largest size below fits in well under 2 MB. */
export const CONTACT_LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows one import may hold. */
export const CONTACT_LIST_IMPORT_MAX_ROWS = 20_000;
/** What the xml parts of an .xlsx may unpack to (a zip of a few kilobytes can inflate to gigabytes). */
export const CONTACT_LIST_IMPORT_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
/** Rows written by one multi-row insert. */
export const CONTACT_LIST_IMPORT_BATCH = 500;
/** Skipped rows the summary names one by one; the count says how many there were in all. */
export const CONTACT_LIST_IMPORT_MAX_REASONS = 100;

export const itemTexts = { required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', invalidEmail: 'Invalid email' };
const rules = contactRules(itemTexts);

/** A number is kept as its digits ('+55 (11) 91234-5678' is 5511912345678): what channels send to and lists compare. */
export function numberDigits(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\D/g, '') : value;
}

const emptyEmail = (value: unknown) => (value === null || value === undefined ? '' : value);
/** A blank name or number is missing ('Required'), not short. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const contactListItemFields = {
  name: rules.name.transform(blankToUndefined).required(itemTexts.required),
  number: rules.number.transform(numberDigits).transform(blankToUndefined).required(itemTexts.required),
  email: rules.email.transform(emptyEmail).default(''),
};

/** One row of an import, validated as an item is. */
export const contactListItemSchema = yup.object(contactListItemFields);

export const createContactListItemSchema = yup.object({
  ...contactListItemFields,
  contactListId: yup
    .number()
    .typeError(itemTexts.required)
    .integer(itemTexts.required)
    .positive(itemTexts.required)
    .required(itemTexts.required),
});
export type CreateContactListItemInput = yup.InferType<typeof createContactListItemSchema>;

export const updateContactListItemSchema = yup.object({
  name: contactListItemFields.name.optional().nonNullable(itemTexts.required),
  number: contactListItemFields.number.optional().nonNullable(itemTexts.required),
  email: rules.email.transform(emptyEmail),
});
export type UpdateContactListItemInput = yup.InferType<typeof updateContactListItemSchema>;

export const contactListSchema = yup.object({
  name: yup.string().trim().min(2, itemTexts.tooShort).max(50, itemTexts.tooLong).required(itemTexts.required),
});
export type ContactListInput = yup.InferType<typeof contactListSchema>;

const searchParam = yup.string().trim().lowercase().max(100, itemTexts.tooLong).default('');

export const listContactListsSchema = yup.object({ searchParam });

export const listContactListItemsSchema = yup.object({
  searchParam,
  contactListId: yup
    .number()
    .typeError(itemTexts.required)
    .integer(itemTexts.required)
    .positive(itemTexts.required)
    .required(itemTexts.required),
});
