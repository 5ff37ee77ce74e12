import { useMemo } from 'react';
import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { useCreateContactListMutation, useUpdateContactListMutation, type ContactList } from './contact-lists.api';

/** Create a contact list, or rename `record`: a name of 2 to 50 characters, as the server asks. */
export function ContactListModal(props: { open: boolean; record?: ContactList | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [createList] = useCreateContactListMutation();
  const [updateList] = useUpdateContactListMutation();
  const editing = Boolean(props.record);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().trim().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      }),
    [t],
  );
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="contact-list-modal-title">
      <DialogTitle id="contact-list-modal-title">
        {editing ? t('contactLists.form.editTitle') : t('contactLists.form.addTitle')}
      </DialogTitle>
      <Formik
        initialValues={{ name: props.record?.name ?? '' }}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const name = values.name.trim();
          try {
            if (props.record) await updateList({ id: props.record.id, name }).unwrap();
            else await createList({ name }).unwrap();
            toast.success(t('contactLists.toasts.saved'));
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogContent dividers>
              <TextField
                label={t('contactLists.form.name')}
                name="name"
                autoFocus
                fullWidth
                size="small"
                value={form.values.name}
                onChange={form.handleChange}
                onBlur={form.handleBlur}
                error={Boolean((form.touched.name || form.submitCount > 0) && form.errors.name)}
                helperText={(form.touched.name || form.submitCount > 0) && form.errors.name}
              />
            </DialogContent>
            <FormDialogActions submitting={form.isSubmitting} onCancel={props.onClose} submitLabel={t('common.save')} />
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
