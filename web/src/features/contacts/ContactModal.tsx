import { useMemo } from 'react';
import { Box, Button, DialogContent, FormControlLabel, IconButton, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import AddIcon from '@mui/icons-material/Add';
import { FieldArray, Form, Formik, getIn, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { contactRules } from '@switchboard/sdk/contracts';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { useContactQuery, useCreateContactMutation, useUpdateContactMutation, type Contact, type ContactInput } from './contacts.api';

interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  disableBot: boolean;
  extraInfo: { name: string; value: string }[];
}

/** Spec 1 §5: the number goes with the Brazilian country code 55 when it does not already start so. */
export function withCountryCode(number: string): string {
  const trimmed = number.trim();
  // A number written internationally ('+351…') keeps its own code; the server normalises it.
  if (trimmed.startsWith('+') || trimmed.startsWith('55')) return trimmed;
  return `55${trimmed}`;
}

/** Create a contact, or edit the one named by contactId (spec 1 §5 contact form). */
export function ContactModal(props: {
  open: boolean;
  onClose: () => void;
  contactId?: number;
  initialValues?: Partial<ContactInput>;
  onSaved?: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const editing = props.contactId !== undefined;
  const { data: contact, isFetching } = useContactQuery(props.contactId ?? 0, { skip: !editing || !props.open });
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();

  const schema = useMemo(() => {
    // The server's rules (shared contracts), with this language's texts.
    const rules = contactRules({
      required: t('contacts.form.required'),
      tooShort: t('contacts.form.tooShort'),
      tooLong: t('contacts.form.tooLong'),
      invalidEmail: t('contacts.form.invalidEmail'),
    });
    return yup.object({
      name: rules.name.required(t('contacts.form.required')),
      number: rules.number.required(t('contacts.form.required')),
      email: rules.email,
      extraInfo: yup.array().of(yup.object({ name: rules.extraInfoName, value: yup.string() })),
    });
  }, [t]);

  const initial: ContactFormValues = {
    name: contact?.name ?? props.initialValues?.name ?? '',
    number: contact?.number ?? props.initialValues?.number ?? '',
    email: contact?.email ?? props.initialValues?.email ?? '',
    disableBot: contact?.disableBot ?? props.initialValues?.disableBot ?? false,
    extraInfo: (contact?.extraInfo ?? props.initialValues?.extraInfo ?? []).map((info) => ({ name: info.name, value: info.value ?? '' })),
  };

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="contact-modal-title"
      loading={editing && isFetching && !contact}
      title={editing ? t('contacts.form.editTitle') : t('contacts.form.addTitle')}
    >
      <Formik<ContactFormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body: ContactInput = {
            name: values.name.trim(),
            number: withCountryCode(values.number),
            email: values.email.trim(),
            disableBot: values.disableBot,
            extraInfo: values.extraInfo.map((info) => ({ name: info.name.trim(), value: info.value })),
          };
          try {
            const saved = editing ? await updateContact({ id: props.contactId!, ...body }).unwrap() : await createContact(body).unwrap();
            toast.success(t('contacts.toasts.saved'));
            props.onSaved?.(saved);
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => <ContactForm form={form} onClose={props.onClose} editing={editing} />}
      </Formik>
    </RecordFormDialog>
  );
}

function ContactForm({ form, onClose, editing }: { form: FormikProps<ContactFormValues>; onClose: () => void; editing: boolean }) {
  const { t } = useTranslation();
  const fieldError = (name: string) =>
    getIn(form.touched, name) || form.submitCount > 0 ? (getIn(form.errors, name) as string | undefined) : undefined;
  const textField = (
    name: 'name' | 'number' | 'email',
    label: string,
    extra: { type?: string; autoFocus?: boolean; helper?: string } = {},
  ) => (
    <TextField
      label={label}
      name={name}
      type={extra.type}
      autoFocus={extra.autoFocus}
      value={form.values[name]}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name) ?? extra.helper}
      fullWidth
      size="small"
    />
  );
  return (
    <Form noValidate>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle2" color="text.secondary">
          {t('contacts.form.mainInfo')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {textField('name', t('contacts.form.name'), { autoFocus: true })}
          {textField('number', t('contacts.form.number'), { helper: t('contacts.form.numberHelp') })}
        </Box>
        {textField('email', t('contacts.form.email'), { type: 'email' })}
        <FormControlLabel
          control={<Switch name="disableBot" checked={form.values.disableBot} onChange={form.handleChange} />}
          label={t('contacts.form.disableBot')}
        />
        <Typography variant="subtitle2" color="text.secondary">
          {t('contacts.form.extraInfo')}
        </Typography>
        <FieldArray name="extraInfo">
          {(rows) => (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {form.values.extraInfo.map((info, index) => (
                <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    label={t('contacts.form.extraName')}
                    name={`extraInfo.${index}.name`}
                    value={info.name}
                    onChange={form.handleChange}
                    onBlur={form.handleBlur}
                    error={Boolean(fieldError(`extraInfo.${index}.name`))}
                    helperText={fieldError(`extraInfo.${index}.name`)}
                    size="small"
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    label={t('contacts.form.extraValue')}
                    name={`extraInfo.${index}.value`}
                    value={info.value}
                    onChange={form.handleChange}
                    size="small"
                    sx={{ flex: 1 }}
                  />
                  <Tooltip title={t('contacts.form.removeExtra')}>
                    <IconButton aria-label={t('contacts.form.removeExtra')} onClick={() => rows.remove(index)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              ))}
              <Box>
                <Button startIcon={<AddIcon />} onClick={() => rows.push({ name: '', value: '' })}>
                  {t('contacts.form.addExtra')}
                </Button>
              </Box>
            </Box>
          )}
        </FieldArray>
      </DialogContent>
      <FormDialogActions submitting={form.isSubmitting} onCancel={onClose} submitLabel={editing ? t('common.save') : t('common.add')} />
    </Form>
  );
}
