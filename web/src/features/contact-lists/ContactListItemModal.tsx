import { useMemo } from 'react';
import { DialogContent, TextField } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { Form, Formik, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { contactRules } from '@switchboard/sdk/contracts';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import {
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  type ContactListItem,
  type ContactListItemInput,
} from './contact-lists.api';

/** Add a contact to a list, or edit `record` (spec 3 §5: name 2 to 50, number 8 to 50, a valid e-mail). */
export function ContactListItemModal(props: {
  open: boolean;
  contactListId: number;
  record?: ContactListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [createItem] = useCreateContactListItemMutation();
  const [updateItem] = useUpdateContactListItemMutation();
  const schema = useMemo(() => {
    // The server's rules (shared contracts), with this language's texts.
    const rules = contactRules({
      required: t('validation.required'),
      tooShort: t('validation.tooShort'),
      tooLong: t('validation.tooLong'),
      invalidEmail: t('validation.invalidEmail'),
    });
    return yup.object({
      name: rules.name.required(t('validation.required')),
      number: rules.number.required(t('validation.required')),
      email: rules.email,
    });
  }, [t]);
  const initial: ContactListItemInput = {
    name: props.record?.name ?? '',
    number: props.record?.number ?? '',
    email: props.record?.email ?? '',
  };

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="contact-list-item-title"
      title={props.record ? t('contactLists.items.form.editTitle') : t('contactLists.items.form.addTitle')}
    >
      <Formik<ContactListItemInput>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim() };
          try {
            if (props.record) await updateItem({ id: props.record.id, ...body }).unwrap();
            else await createItem({ contactListId: props.contactListId, ...body }).unwrap();
            toast.success(t('contactLists.items.toasts.saved'));
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => <ItemForm form={form} onClose={props.onClose} />}
      </Formik>
    </RecordFormDialog>
  );
}

function ItemForm({ form, onClose }: { form: FormikProps<ContactListItemInput>; onClose: () => void }) {
  const { t } = useTranslation();
  const field = (name: keyof ContactListItemInput, extra: { type?: string; autoFocus?: boolean; helper?: string } = {}) => {
    const error = form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
    return (
      <TextField
        label={t(`contactLists.items.form.${name}`)}
        name={name}
        type={extra.type}
        autoFocus={extra.autoFocus}
        value={form.values[name]}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean(error)}
        helperText={error ?? extra.helper}
        fullWidth
        size="small"
      />
    );
  };
  return (
    <Form noValidate>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {field('name', { autoFocus: true })}
        {field('number', { type: 'tel', helper: t('contactLists.items.form.numberHelp') })}
        {field('email', { type: 'email' })}
      </DialogContent>
      <FormDialogActions submitting={form.isSubmitting} onCancel={onClose} submitLabel={t('common.save')} />
    </Form>
  );
}
