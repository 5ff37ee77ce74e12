import { useMemo } from 'react';
import { DialogContent, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { reportSaveError } from '../../components/records/form-errors';
import { formikTextField, shownError } from '../../components/records/form-fields';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { helpVideoCode, useCreateHelpMutation, useUpdateHelpMutation, type Help } from './helps.api';

interface HelpFormValues {
  title: string;
  video: string;
  description: string;
}

/** Add or edit a help entry (spec 2 §3): a title, the video code (a pasted YouTube address gives it) and a description. */
export function HelpDialog(props: { open: boolean; help: Help | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { help } = props;
  const [createHelp] = useCreateHelpMutation();
  const [updateHelp] = useUpdateHelpMutation();
  const initialValues = useMemo<HelpFormValues>(
    () => ({ title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' }),
    [help],
  );
  const schema = useMemo(
    () =>
      yup.object({
        title: yup.string().trim().required(t('helps.form.required')).max(200, t('helps.form.tooLong')),
        video: yup.string().trim().max(200, t('helps.form.tooLong')),
        description: yup.string().max(5000, t('helps.form.tooLong')),
      }),
    [t],
  );

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="help-dialog-title"
      title={help ? t('helps.form.editTitle') : t('helps.form.addTitle')}
    >
      <Formik<HelpFormValues>
        initialValues={initialValues}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = {
            title: values.title.trim(),
            video: helpVideoCode(values.video) || null,
            description: values.description.trim() || null,
          };
          try {
            if (help) await updateHelp({ id: help.id, ...body }).unwrap();
            else await createHelp(body).unwrap();
            toast.success(t('helps.toasts.saved'));
            helpers.resetForm();
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField {...formikTextField(form, 'title', 'help')} label={t('helps.form.title')} required autoFocus />
              <TextField
                {...formikTextField(form, 'video', 'help')}
                label={t('helps.form.video')}
                helperText={shownError(form, 'video') ?? t('helps.form.videoHelp')}
              />
              <TextField
                {...formikTextField(form, 'description', 'help')}
                label={t('helps.form.description')}
                multiline
                minRows={3}
                maxRows={10}
              />
            </DialogContent>
            <FormDialogActions
              submitting={form.isSubmitting}
              onCancel={props.onClose}
              submitLabel={help ? t('common.save') : t('common.add')}
            />
          </Form>
        )}
      </Formik>
    </RecordFormDialog>
  );
}
