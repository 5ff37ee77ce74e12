import { contactRules } from '@switchboard/sdk/contracts';
import * as yup from 'yup';

// Texts are the spec's (spec 1 §5, contact form): 'Too Short!', 'Too Long!', 'Required', 'Invalid email'.

export const CONTACTS_PAGE_SIZE = 20;
/** GET /contacts/list answers at most this many (pickers search as the user types). */
export const CONTACT_PICKER_LIMIT = 50;
/** Import: the largest spreadsheet accepted, and the most rows read from it. */
export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
/**
 * An xlsx is a zip of XML: it is refused when its entries unpack to more than this, before it is parsed (a
 * decompression bomb). Ten thousand contact rows unpack to a few megabytes.
 */
export const CONTACT_IMPORT_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

const emptyToEmpty = (value: unknown, original: unknown) => (original === null ? '' : value);

// The rules the contact form applies too (shared contracts), with the spec's texts.
const rules = contactRules({ required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', invalidEmail: 'Invalid email' });
const name = rules.name;
const number = rules.number;
const email = rules.email.lowercase().transform(emptyToEmpty);
const channel = yup
  .string()
  .trim()
  .lowercase()
  .matches(/^[a-z][a-z0-9_-]{1,29}$/, 'Canal inválido');
const flag = yup.boolean().typeError('Use true ou false');

/** extraInfo [{name, value}]: sent whole, replaces the contact's list (ids in it are ignored). */
const extraInfo = yup
  .array()
  .transform((value, original) => (original === null ? [] : value))
  .of(
    yup.object({
      name: rules.extraInfoName,
      value: yup
        .string()
        .transform((value, original) => (original === null || original === undefined ? '' : value))
        .max(5000, 'Too Long!')
        .default(''),
    }),
  )
  .max(100, 'No máximo 100 informações adicionais')
  .typeError('Informações adicionais inválidas');

const optionalFields = {
  email,
  channel,
  isGroup: flag,
  disableBot: flag,
  acceptAudioMessage: flag,
  active: flag,
  extraInfo,
};

/** A blank required field is 'Required', not 'Too Short!'. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const createContactSchema = yup.object({
  name: name.transform(blankToUndefined).required('Required'),
  number: number.transform(blankToUndefined).required('Required'),
  ...optionalFields,
});
export type CreateContactInput = yup.InferType<typeof createContactSchema>;

export const updateContactSchema = yup.object({ name, number, ...optionalFields });
export type UpdateContactInput = yup.InferType<typeof updateContactSchema>;

export const blockContactSchema = yup.object({ active: flag.required('Required') });

const tagIds = yup
  .mixed<number[]>()
  .nullable()
  .transform((_value, original: unknown) => tagIdList(original))
  .test('tag-ids', 'Etiqueta inválida', (value) => value === undefined || (Array.isArray(value) && value.every(Number.isSafeInteger)));

/** contactTag: one tag id, a comma list, a JSON array, or repeated contactTag[] parameters. */
function tagIdList(original: unknown): number[] | undefined | null {
  if (original === undefined || original === null || original === '') return undefined;
  let items: unknown[];
  if (Array.isArray(original)) items = original;
  else if (typeof original === 'number') items = [original];
  else if (typeof original === 'string') {
    const text = original.trim();
    try {
      const parsed: unknown = text.startsWith('[') ? JSON.parse(text) : undefined;
      items = Array.isArray(parsed) ? parsed : text.split(',');
    } catch {
      return null;
    }
  } else return null;
  const ids = items.map((item) => Number(typeof item === 'string' ? item.trim() : item));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return null;
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

export const listContactsSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Too Long!'),
  channel,
  isGroup: flag,
  contactTag: tagIds,
});
export type ListContactsInput = yup.InferType<typeof listContactsSchema>;

export const pickContactsSchema = yup.object({
  searchParam: yup.string().trim().max(100, 'Too Long!'),
});
