import { fileListLimits, fileListRules } from '@switchboard/sdk/contracts';
import * as yup from 'yup';

// Spec 3 §5 shows no rules for the file form: the shared ones (sdk contracts) in the spec's Portuguese style.

export const FILES_PAGE_SIZE = 20;
export const FILE_LIST_MAX_OPTIONS = fileListLimits.options;
export const FILE_LIST_MAX_FILE_BYTES = fileListLimits.fileBytes;

const rules = fileListRules({ required: 'Obrigatório', tooLong: 'Muito longo!', tooMany: `No máximo ${FILE_LIST_MAX_OPTIONS} arquivos` });
const positiveId = (invalid: string) => yup.number().typeError(invalid).integer(invalid).positive(invalid);

/**
 * An option as the form sends it: `id` names one of the list's options (kept and changed), none adds one.
 * `path` and `mediaType` are accepted for the form's sake but never stored from a body: only an upload sets them,
 * so a body cannot point an option at a file of another list or company.
 */
const option = yup.object({
  id: positiveId('Arquivo inválido').nullable(),
  name: rules.optionName,
  path: yup.string().nullable(),
  mediaType: yup.string().nullable(),
});

export const fileListSchema = yup.object({
  name: rules.name,
  message: rules.message.nullable().transform((value, original) => (original === '' ? null : value)),
  options: rules.options.of(option).default([]),
});
export type FileListInput = yup.InferType<typeof fileListSchema>;

export const listFilesSchema = yup.object({
  searchParam: yup.string().trim().lowercase().max(100, 'Muito longo!').default(''),
});

/** A multipart field sent once arrives as a string, sent several times as an array. */
const repeated = <T extends yup.AnySchema>(item: T) =>
  yup
    .array()
    .of(item)
    .transform((_value, original) => (original === undefined ? [] : Array.isArray(original) ? original : [original]))
    .default([]);

/**
 * POST /files/uploadList/:id (spec 3 §7): `fileId` and `typeArch=fileList`, then per option a `files` part with its
 * `mediaType`, `name` and `id`, in the same order, so the i-th file belongs to the i-th id.
 */
export const uploadListSchema = yup.object({
  fileId: positiveId('Lista inválida'),
  typeArch: yup.string().oneOf(['fileList'], "Use 'fileList'"),
  id: repeated(positiveId('Arquivo inválido').required('Obrigatório')),
  mediaType: repeated(yup.string().max(255, 'Muito longo!')),
});
