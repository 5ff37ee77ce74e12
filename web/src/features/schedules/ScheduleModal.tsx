import { useMemo } from 'react';
import { Alert, DialogContent, TextField } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { addHours, format } from 'date-fns';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { ContactPicker, type PickedContact } from '../contacts/ContactPicker';
import { useContactQuery } from '../contacts/contacts.api';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { isSent, useCreateScheduleMutation, useScheduleQuery, useUpdateScheduleMutation } from './schedules.api';

interface ScheduleFormValues {
  contact: PickedContact | null;
  body: string;
  /** A datetime-local value, yyyy-MM-ddTHH:mm in the browser's time zone. */
  sendAt: string;
}

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/**
 * Create or edit a scheduled message (spec 1 §5, spec 3 §5): body at least 5 characters, a contact, a send time
 * one hour from now by default. A schedule already sent is shown read-only, without the save button.
 */
export function ScheduleModal(props: {
  open: boolean;
  onClose: () => void;
  scheduleId?: number;
  contactId?: number;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const editing = props.scheduleId !== undefined;
  const { data: schedule, isFetching: loadingSchedule } = useScheduleQuery(props.scheduleId ?? 0, { skip: !editing || !props.open });
  const presetContactId = editing ? undefined : props.contactId;
  const { data: presetContact, isFetching: loadingContact } = useContactQuery(presetContactId ?? 0, {
    skip: presetContactId === undefined || !props.open,
  });
  const [createSchedule] = useCreateScheduleMutation();
  const [updateSchedule] = useUpdateScheduleMutation();
  const sent = isSent(schedule);

  const schema = useMemo(
    () =>
      yup.object({
        contact: yup.object().nullable().required(t('schedules.form.required')),
        body: yup.string().trim().min(5, t('schedules.form.tooShort')).required(t('schedules.form.required')),
        sendAt: yup.string().required(t('schedules.form.required')),
      }),
    [t],
  );

  // The default send time is taken when the dialog opens, not when the page loaded.
  const opened = props.open;
  const defaultSendAt = useMemo(() => (opened ? format(addHours(new Date(), 1), LOCAL_INPUT) : ''), [opened]);
  const contactSource = schedule?.contact ?? presetContact;
  const initial: ScheduleFormValues = {
    contact: contactSource ? { id: contactSource.id, name: contactSource.name, number: contactSource.number } : null,
    body: schedule?.body ?? '',
    sendAt: schedule ? format(new Date(schedule.sendAt), LOCAL_INPUT) : defaultSendAt,
  };
  const loading = (editing && loadingSchedule && !schedule) || (presetContactId !== undefined && loadingContact && !presetContact);

  return (
    <RecordFormDialog
      open={props.open}
      onClose={props.onClose}
      titleId="schedule-modal-title"
      loading={loading}
      title={editing ? t('schedules.form.editTitle') : t('schedules.form.addTitle')}
    >
      <Formik<ScheduleFormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = {
            body: values.body.trim(),
            contactId: values.contact!.id,
            sendAt: new Date(values.sendAt).toISOString(),
          };
          try {
            if (editing) await updateSchedule({ id: props.scheduleId!, ...body }).unwrap();
            else await createSchedule(body).unwrap();
            toast.success(t('schedules.toasts.saved'));
            props.onSaved?.();
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => {
          const fieldError = (name: keyof ScheduleFormValues) =>
            form.touched[name] || form.submitCount > 0 ? (form.errors[name] as string | undefined) : undefined;
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                {sent ? <Alert severity="info">{t('schedules.form.alreadySent')}</Alert> : null}
                {schedule?.status === 'ERRO' && schedule.lastError ? (
                  <Alert severity="warning">{t('schedules.form.lastError', { error: schedule.lastError })}</Alert>
                ) : null}
                <ContactPicker
                  value={form.values.contact}
                  onChange={(contact) => {
                    void form.setFieldValue('contact', contact);
                    void form.setFieldTouched('contact', true, false);
                  }}
                  label={t('schedules.form.contact')}
                  error={fieldError('contact')}
                  disabled={sent}
                />
                <TextField
                  label={t('schedules.form.body')}
                  name="body"
                  value={form.values.body}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('body'))}
                  helperText={fieldError('body')}
                  multiline
                  minRows={5}
                  maxRows={12}
                  fullWidth
                  disabled={sent}
                />
                <TextField
                  label={t('schedules.form.sendAt')}
                  name="sendAt"
                  type="datetime-local"
                  value={form.values.sendAt}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('sendAt'))}
                  helperText={fieldError('sendAt')}
                  fullWidth
                  size="small"
                  disabled={sent}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={props.onClose}
                cancelLabel={sent ? t('common.close') : undefined}
                submitLabel={sent ? undefined : editing ? t('common.save') : t('schedules.form.schedule')}
              />
            </Form>
          );
        }}
      </Formik>
    </RecordFormDialog>
  );
}
