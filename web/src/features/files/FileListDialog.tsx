import { useMemo, useRef } from 'react';
import { Box, Button, DialogContent, IconButton, LinearProgress, TextField, Tooltip, Typography } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { skipToken } from '@reduxjs/toolkit/query';
import { FieldArray, Form, Formik, getIn, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { fileListLimits, fileListRules } from '@switchboard/sdk/contracts';
import { toastError } from '../../app/errors';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { useFileListUpload, type OptionFile } from './file-list-upload';
import { storedFileName, useCreateFileListMutation, useFileListQuery, useUpdateFileListMutation, type FileList } from './files.api';

interface OptionValues {
  /** The saved option's id; none for an option added in this dialog. */
  id?: number;
  name: string;
  /** The file chosen to upload on save. */
  file: File | null;
  /** The name of the file the saved option already has. */
  storedName: string | null;
}

interface FileListValues {
  name: string;
  message: string;
  options: OptionValues[];
}

const emptyOption = (): OptionValues => ({ name: '', file: null, storedName: null });

function initialValues(record: FileList | undefined): FileListValues {
  return {
    name: record?.name ?? '',
    message: record?.message ?? '',
    options: (record?.options ?? []).map((option) => ({
      id: option.id,
      name: option.name,
      file: null,
      storedName: storedFileName(option),
    })),
  };
}

/**
 * The files each option of the saved list receives. Kept options keep their ids; the options added in the dialog
 * are the saved list's options it did not have before, in the same order (the server answers them by creation).
 */
function chosenFiles(values: FileListValues, saved: FileList, before: FileList | undefined): OptionFile[] {
  const known = new Set((before?.options ?? []).map((option) => option.id));
  const added = saved.options.filter((option) => !known.has(option.id));
  let next = 0;
  const files: OptionFile[] = [];
  for (const option of values.options) {
    const optionId = option.id ?? added[next++]?.id;
    if (option.file && optionId) files.push({ optionId, file: option.file });
  }
  return files;
}

/**
 * Create or edit a file list (spec 3 §2.10): name, message (5 rows) and the options, each a name, a file picker and
 * a remove button, plus add-option. Saving stores the list, then uploads the chosen files with their progress.
 */
export function FileListDialog(props: { open: boolean; fileListId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = props.fileListId !== null;
  const current = useFileListQuery(props.open && editing ? props.fileListId! : skipToken, { refetchOnMountOrArgChange: true });
  const record = editing ? current.data : undefined;
  const [createRecord] = useCreateFileListMutation();
  const [updateRecord] = useUpdateFileListMutation();
  const { upload, percent } = useFileListUpload();

  const schema = useMemo(() => {
    // The server's rules (shared contracts), with this language's texts.
    const rules = fileListRules({
      required: t('files.form.required'),
      tooLong: t('files.form.tooLong'),
      tooMany: t('files.form.tooMany', { max: fileListLimits.options }),
    });
    return yup.object({
      name: rules.name,
      message: rules.message,
      options: rules.options.of(
        yup.object({
          name: rules.optionName,
          file: yup
            .mixed<File>()
            .nullable()
            .test(
              'size',
              t('files.form.tooBig', { mb: fileListLimits.fileBytes / 1024 / 1024 }),
              (file) => !file || file.size <= fileListLimits.fileBytes,
            ),
        }),
      ),
    });
  }, [t]);

  const loading = editing && !record;
  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="file-list-title"
      loading={loading}
      title={editing ? t('files.form.editTitle') : t('files.form.addTitle')}
    >
      <Formik<FileListValues>
        initialValues={initialValues(record)}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = {
            name: values.name.trim(),
            message: values.message.trim() ? values.message : null,
            options: values.options.map((option) => ({ ...(option.id ? { id: option.id } : {}), name: option.name.trim() })),
          };
          let saved: FileList;
          try {
            saved = record ? await updateRecord({ id: record.id, ...body }).unwrap() : await createRecord(body).unwrap();
          } catch (error) {
            reportSaveError(error, helpers, values);
            return;
          }
          // The list is saved: a refused upload is told, and the dialog closes so that saving again cannot
          // create the list twice (editing it sends the files again).
          const files = chosenFiles(values, saved, record);
          try {
            if (files.length > 0) await upload(saved.id, files);
            toast.success(t('files.toasts.saved'));
          } catch (error) {
            toastError(error);
          }
          props.onClose();
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                label={t('files.form.name')}
                name="name"
                value={form.values.name}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(fieldError(form, 'name'))}
                helperText={fieldError(form, 'name')}
                autoFocus
                fullWidth
                size="small"
              />
              <TextField
                label={t('files.form.message')}
                name="message"
                value={form.values.message}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean(fieldError(form, 'message'))}
                helperText={fieldError(form, 'message') ?? t('files.form.messageHelp', { examples: '{{firstName}}, {{protocol}}' })}
                multiline
                rows={5}
                fullWidth
              />
              <Typography variant="subtitle2">{t('files.form.options')}</Typography>
              <FieldArray name="options">
                {(options) => (
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                    {form.values.options.map((option, index) => (
                      <OptionRow key={option.id ?? `new-${index}`} form={form} index={index} onRemove={() => options.remove(index)} />
                    ))}
                    {typeof form.errors.options === 'string' ? (
                      <Typography variant="caption" color="error">
                        {form.errors.options}
                      </Typography>
                    ) : null}
                    <Box>
                      <Button
                        startIcon={<AddIcon />}
                        onClick={() => options.push(emptyOption())}
                        disabled={form.values.options.length >= fileListLimits.options || form.isSubmitting}
                      >
                        {t('files.form.addOption')}
                      </Button>
                    </Box>
                  </Box>
                )}
              </FieldArray>
              {percent !== null ? (
                <Box>
                  <Typography variant="body2" color="text.secondary" id="file-list-upload-progress">
                    {t('files.form.uploading', { percent })}
                  </Typography>
                  <LinearProgress variant="determinate" value={percent} aria-labelledby="file-list-upload-progress" />
                </Box>
              ) : null}
            </DialogContent>
            <FormDialogActions
              submitting={form.isSubmitting}
              onCancel={props.onClose}
              submitLabel={editing ? t('common.save') : t('common.add')}
            />
          </Form>
        )}
      </Formik>
    </RecordFormDialog>
  );
}

function fieldError(form: FormikProps<FileListValues>, name: string): string | undefined {
  const error = getIn(form.errors, name) as unknown;
  return (getIn(form.touched, name) || form.submitCount > 0) && typeof error === 'string' ? error : undefined;
}

/** One option: its name, its file picker (the chosen or stored file's name beside it) and its remove button. */
function OptionRow(props: { form: FormikProps<FileListValues>; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const { form, index } = props;
  const input = useRef<HTMLInputElement>(null);
  const option = form.values.options[index]!;
  const name = `options[${index}].name`;
  const fileError = fieldError(form, `options[${index}].file`);
  const fileName = option.file?.name ?? option.storedName;
  const label = t('files.form.optionName', { number: index + 1 });
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={label}
        name={name}
        value={option.name}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(fieldError(form, name))}
        helperText={fieldError(form, name)}
        size="small"
        sx={{ flex: '1 1 200px' }}
      />
      <Box sx={{ flex: '1 1 200px', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          onClick={() => input.current?.click()}
          sx={{ justifyContent: 'flex-start', textTransform: 'none', height: 40 }}
          color={fileError ? 'error' : 'primary'}
          title={fileName ?? undefined}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {fileName ?? t('files.form.chooseFile')}
          </Box>
        </Button>
        {fileError ? (
          <Typography variant="caption" color="error" sx={{ mx: 1.75, mt: 0.5 }}>
            {fileError}
          </Typography>
        ) : null}
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t('files.form.fileFor', { name: option.name || label })}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            void form.setFieldValue(`options[${index}].file`, chosen);
            // An unnamed option takes its file's name.
            if (!option.name.trim()) void form.setFieldValue(name, chosen.name);
          }}
        />
      </Box>
      <Tooltip title={t('files.form.removeOption')}>
        <IconButton aria-label={`${t('files.form.removeOption')}: ${option.name || label}`} onClick={props.onRemove} sx={{ mt: 0.25 }}>
          <DeleteOutlineIcon color="error" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
